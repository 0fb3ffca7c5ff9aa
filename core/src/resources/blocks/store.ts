import { payloadAttributes, type SharedBlockUpdate } from '@pipeline-api/contract';
import type { Services } from '../../context.js';
import { invalid } from '../../errors.js';
import { applyPatch, without } from '../../model/patch.js';
import { pipelinesTable, type PipelineRecord } from '../../model/pipelines.js';
import { cloneSections, removeMember, sectionFor } from '../../model/graph.js';
import { blocksTable, type BlockRecord } from '../../model/blocks.js';
import { isPlainObject } from '../../request.js';
import { checkSimulatedOutput } from '../../orchestration/outputs/sample-outputs.js';

/** Block writes that touch several records; callers run them inside repo.transaction. */

/** The settings a block shares with every pipeline it is in: what `/api/blocks/:uuid` writes, but its name. */
export type SharedSettings = Omit<SharedBlockUpdate, 'name'>;

/** The settings stored as sent; a type and the content have rules of their own. */
const PLAIN_SETTINGS = without(payloadAttributes('blocks.update'), 'name', 'type', 'content');

/** The block with the settings in `p` applied; a type may change only within its section. */
export function applySharedSettings(block: BlockRecord, p: SharedSettings, now: number): BlockRecord {
  checkSimulationSettings(p.configuration);
  const next: BlockRecord = applyPatch(block, p, PLAIN_SETTINGS);
  next.updated_at = now;
  if (p.type !== undefined && p.type !== block.type) {
    if (sectionFor(p.type, block.extension_uuid) !== sectionFor(block.type, block.extension_uuid)) {
      throw invalid('block.type', `A ${block.type} block cannot become a ${p.type} block: they live in different sections of a pipeline.`);
    }
    next.type = p.type;
  }
  if (p.content !== undefined && (p.content ?? '') !== block.content) {
    next.content = p.content ?? '';
    if (block.status === 'executed') next.status = 'updated';
  }
  return next;
}

/** Takes a block out of one pipeline; a block left in no pipeline is deleted. */
export function detachBlock(block: BlockRecord, pipeline: PipelineRecord, force: boolean, { repo, clock }: Services) {
  const sections = cloneSections(pipeline.sections);
  removeMember(sections, block.uuid, force);
  pipelinesTable.in(repo).put({ ...pipeline, sections, updated_at: clock.now() });
  const blocks = blocksTable.in(repo);
  const current = blocks.get(block.uuid) ?? block;
  const pipelines = current.pipelines.filter((p) => p !== pipeline.uuid);
  if (pipelines.length === 0) blocks.delete(block.uuid);
  else blocks.put({ ...current, pipelines });
}

/** A block's simulated outputs (`configuration.simulation.output`) are checked when written: a bad one is refused, not stored. */
function checkSimulationSettings(configuration: unknown): void {
  const simulation = isPlainObject(configuration) ? configuration.simulation : undefined;
  if (isPlainObject(simulation) && Object.hasOwn(simulation, 'output')) checkSimulatedOutput(simulation.output);
}
