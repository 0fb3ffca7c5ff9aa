import type { Repository } from '../../repository/types.js';
import { blocksTable } from '../../model/blocks.js';
import type { BlockRunState, RunRecord } from '../../model/runs.js';
import { simulatedOutputs } from './sample-outputs.js';

/**
 * The run with outputs stored in each block run that completed in this step (`before` -> `next`): what the block's
 * `configuration.simulation.output` says, or the generated sample. Stored at completion, in the run's own write, so
 * outputs count against the storage caps and go with the run (retention, deletes). A block deleted since the run
 * started gives the generated output of a block of no type (text).
 */
export function withOutputs(repo: Repository, before: RunRecord, next: RunRecord): RunRecord {
  if (next === before || next.block_runs === before.block_runs) return next;
  const was = new Map(before.block_runs.map((b) => [b.id, b.status]));
  let changed = false;
  const blockRuns = next.block_runs.map((b): BlockRunState => {
    if (b.status !== 'completed' || was.get(b.id) === 'completed') return b;
    const block = blocksTable.in(repo).get(b.block_uuid);
    const seed = { pipeline_uuid: next.pipeline_uuid, block_uuid: b.block_uuid, block_type: block?.type ?? '', execution_date: next.execution_date };
    changed = true;
    return { ...b, outputs: simulatedOutputs(seed, block?.configuration) };
  });
  return changed ? { ...next, block_runs: blockRuns } : next;
}
