import type { NodeAt } from '@pipeline-api/contract';
import { notFound } from '../../errors.js';
import type { BlockOutput } from '../../model/block-outputs.js';
import { runsTable } from '../../model/runs.js';
import type { Resource } from '../../resource.js';
import { MAX_OUTPUT_ROWS, sampleOutputs } from '../../orchestration/outputs/sample-outputs.js';

/** Numeric ids only (a block run id is an integer): anything else names no block run. */
const BLOCK_RUN_ID = /^[0-9]{1,15}$/;

/**
 * `/api/block_runs/:block_run_id/outputs`: what the block run stored when it completed, each table cut to
 * `sample_count` rows (its `shape` the whole table's). A block run that has not completed has none: an empty list.
 */
export const outputResource: Resource<NodeAt<'blockRuns.outputs'>, BlockOutput> = {
  collection(ctx) {
    const raw = ctx.params.block_run_id;
    const id = BLOCK_RUN_ID.test(raw) ? Number(raw) : undefined;
    const runs = runsTable.in(ctx.repo);
    const run = id === undefined ? undefined : runs.get(runs.index.runOfBlockRun.get(id) ?? -1);
    const blockRun = run?.block_runs.find((b) => b.id === id);
    if (!blockRun) throw notFound(`Block run ${raw} does not exist.`);
    const outputs = blockRun.status === 'completed' ? (blockRun.outputs ?? []) : [];
    const sampled = sampleOutputs(outputs, Math.min(ctx.query.sample_count ?? 10, MAX_OUTPUT_ROWS));
    return { records: sampled, count: sampled.length };
  },
};
