import type { Services } from '../context.js';
import { invalid } from '../errors.js';
import { cleanName } from '../slug.js';
import { blocksTable, type BlockRecord } from './blocks.js';
import { cloneSections, renameMember } from './graph.js';
import { pipelinesTable } from './pipelines.js';

/** A block's uuid from its name, and its renaming: the blocks resource and the editor's pipeline save both rename. */

export const blockUuid = (name: string, path: string) => {
  const uuid = cleanName(name, { allowSlash: true });
  // An empty folder: a leading or trailing `/`, or two together.
  if (!uuid || uuid.startsWith('/') || uuid.endsWith('/') || uuid.includes('//')) {
    throw invalid(path, `Name ${JSON.stringify(name)} does not make a valid block uuid.`);
  }
  return uuid;
};

/** Renames a block: a new uuid from the name, and every pipeline's references rewritten. */
export function renameBlock(block: BlockRecord, name: string, { repo, clock }: Services): BlockRecord {
  const uuid = blockUuid(name, 'block.name');
  const now = clock.now();
  const blocks = blocksTable.in(repo);
  if (uuid === block.uuid) {
    const renamed = { ...block, name, updated_at: now };
    blocks.put(renamed);
    return renamed;
  }
  if (blocks.get(uuid)) throw invalid('block.name', `Block ${uuid} already exists. Please use a different name.`);
  const pipelines = pipelinesTable.in(repo);
  for (const pipeline of pipelines.getMany(block.pipelines).values()) {
    const sections = cloneSections(pipeline.sections);
    renameMember(sections, block.uuid, uuid);
    pipelines.put({ ...pipeline, sections, updated_at: now });
  }
  const renamed = { ...block, uuid, name, updated_at: now };
  blocks.delete(block.uuid);
  blocks.put(renamed);
  return renamed;
}
