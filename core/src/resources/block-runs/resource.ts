import type { NodeAt } from '@pipeline-api/contract';
import type { Meta, Services } from '../../context.js';
import type { OrderedKeys } from '../../repository/sorted-keys.js';
import type { Page, Resource } from '../../resource.js';
import type { BlockRunState, RunRecord } from '../../model/runs.js';
import { runsTable } from '../../model/runs.js';

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
function pageOver(runIds: Iterable<number>, count: number, ctx: Pick<Services, 'repo'> & { meta: Meta }): Page<BlockRunRow> {
  const { offset, limit } = ctx.meta;
  const records: BlockRunRow[] = [];
  let skipped = 0;
  for (const id of runIds) {
    if (limit !== undefined && records.length >= limit) break;
    const run = runsTable.in(ctx.repo).get(id);
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

/** `/api/block_runs`: newest run first, each run's block runs in id order. */
export const blockRunResource: Resource<NodeAt<'blockRuns'>, BlockRunRow> = {
  collection(ctx) {
    const { repo, query } = ctx;
    const runs = runsTable.in(repo);
    const { index } = runs;
    const pipeline = query.pipeline_uuid;
    if (query.pipeline_run_id !== undefined) {
      const run = runs.get(query.pipeline_run_id);
      if (!run || (pipeline !== undefined && run.pipeline_uuid !== pipeline)) return { records: [], count: 0 };
      return pageOver([run.id], run.block_runs.length, ctx);
    }
    if (pipeline !== undefined) {
      const keys = index.byPipeline.get(pipeline);
      return keys ? pageOver(descending(keys), index.blockRunsByPipeline.get(pipeline) ?? 0, ctx) : { records: [], count: 0 };
    }
    return pageOver(descending(runs.sortedKeys()), index.blockRunsTotal, ctx);
  },
};

/** `/api/pipeline_runs/:pipeline_run_id/block_runs`: one run's block runs (404 when the run does not exist). */
export const runBlockRunResource: Resource<NodeAt<'pipelineRuns.blockRuns'>, BlockRunRow, undefined, RunRecord> = {
  collection(ctx) {
    return pageOver([ctx.parent.id], ctx.parent.block_runs.length, ctx);
  },
};
