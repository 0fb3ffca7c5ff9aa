import type { OperationContext } from '../../core/context.js';
import type { OrderedKeys } from '../../core/repository/sorted-keys.js';
import type { Page, Resource } from '../../core/resource.js';
import type { BlockRunState, RunRecord } from '../pipeline_runs/record.js';

/** A block run and the run it belongs to (block runs are stored inside their run). */
export interface BlockRunRow {
  run: RunRecord;
  blockRun: BlockRunState;
}

/** Ids from an ascending list, highest first, read in batches (no copy of the whole list). */
function* descending(keys: OrderedKeys<number>): Generator<number> {
  for (let end = keys.length; end > 0; end -= 256) {
    const batch = keys.slice(Math.max(0, end - 256), end);
    for (let i = batch.length - 1; i >= 0; i--) yield batch[i]!;
  }
}

/** A page of block runs over runs taken newest first: whole runs before `offset` are skipped by their size. */
function pageOver(runIds: Iterable<number>, count: number, ctx: OperationContext): Page<BlockRunRow> {
  const { offset, limit } = ctx.meta;
  const records: BlockRunRow[] = [];
  let skipped = 0;
  for (const id of runIds) {
    if (limit !== undefined && records.length >= limit) break;
    const run = ctx.repo.pipelineRuns.get(id);
    if (!run) continue;
    if (skipped + run.block_runs.length <= offset) {
      skipped += run.block_runs.length;
      continue;
    }
    const sorted = [...run.block_runs].sort((a, b) => a.id - b.id);
    for (let i = Math.max(0, offset - skipped); i < sorted.length; i++) {
      if (limit !== undefined && records.length >= limit) break;
      records.push({ run, blockRun: sorted[i]! });
    }
    skipped += run.block_runs.length;
  }
  return { records, count };
}

export const blockRunResource: Resource<BlockRunRow> = {
  collection(ctx) {
    const { repo, query } = ctx;
    const index = repo.pipelineRuns.index;
    const parent = ctx.parent as RunRecord | undefined;
    if (parent) {
      const run = repo.pipelineRuns.get(parent.id) ?? parent;
      return pageOver([run.id], run.block_runs.length, ctx);
    }
    const pipeline = typeof query.pipeline_uuid === 'string' ? query.pipeline_uuid : undefined;
    if (typeof query.pipeline_run_id === 'number') {
      const run = repo.pipelineRuns.get(query.pipeline_run_id);
      if (!run || (pipeline !== undefined && run.pipeline_uuid !== pipeline)) return { records: [], count: 0 };
      return pageOver([run.id], run.block_runs.length, ctx);
    }
    if (pipeline !== undefined) {
      const keys = index.byPipeline.get(pipeline);
      return keys ? pageOver(descending(keys), index.blockRunsByPipeline.get(pipeline) ?? 0, ctx) : { records: [], count: 0 };
    }
    return pageOver(descending(repo.pipelineRuns.sortedKeys()), index.blockRunsTotal, ctx);
  },
};
