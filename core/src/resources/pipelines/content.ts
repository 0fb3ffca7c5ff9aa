import type { PipelineUpdate } from '@pipeline-api/contract';
import { blocksTable, type BlockRecord } from '../../model/blocks.js';
import type { Repository } from '../../repository/types.js';

type ContentWrite = NonNullable<PipelineUpdate['blocks']>[number];

/**
 * What Mage's editor saves with `update_content`: each block of the pipeline it names, in any section, with its code.
 * Blocks whose code changed come back (an executed one becomes `updated`); a uuid the pipeline has not is skipped, as
 * Mage skips it.
 */
export function changedContents(members: { has(uuid: string): boolean }, p: PipelineUpdate, repo: Repository, now: number): BlockRecord[] {
  const writes: ContentWrite[] = [...(p.blocks ?? []), ...(p.callbacks ?? []), ...(p.conditionals ?? []), ...(p.widgets ?? [])];
  for (const extension of Object.values(p.extensions ?? {})) writes.push(...(extension.blocks ?? []));
  const latest = new Map<string, string>();
  for (const write of writes) {
    if (typeof write.content === 'string' && members.has(write.uuid)) latest.set(write.uuid, write.content);
  }
  const blocks = blocksTable.in(repo).getMany(latest.keys());
  const changed: BlockRecord[] = [];
  for (const [uuid, content] of latest) {
    const block = blocks.get(uuid);
    if (block && block.content !== content)
      changed.push({ ...block, content, status: block.status === 'executed' ? 'updated' : block.status, updated_at: now });
  }
  return changed;
}

/** The blocks the save renames (Mage's rename dialog saves the pipeline with the block's new name), old uuid to name. */
export function renamedBlocks(members: { has(uuid: string): boolean }, p: PipelineUpdate, names: (uuid: string) => string | undefined): Map<string, string> {
  const renames = new Map<string, string>();
  const writes: ContentWrite[] = [...(p.blocks ?? []), ...(p.callbacks ?? []), ...(p.conditionals ?? [])];
  for (const write of writes) {
    if (typeof write.name === 'string' && write.name !== '' && members.has(write.uuid) && names(write.uuid) !== write.name) renames.set(write.uuid, write.name);
  }
  return renames;
}
