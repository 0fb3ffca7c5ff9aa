import type { NodeAt } from '@pipeline-api/contract';
import { pipelinesTable } from '../../model/pipelines.js';
import { blocksTable } from '../../model/blocks.js';
import { allMembers } from '../../model/graph.js';
import type { RunRecord } from '../../model/runs.js';
import { paginate, type Resource } from '../../resource.js';
import { preloadViews, type BlockPreload, type PipelineBlockView } from '../../views/pipeline-blocks.js';

/**
 * `/api/pipeline_runs/:pipeline_run_id/blocks`: as Mage's BlockResource with a run for parent, each block of the
 * run's pipeline that has a block run, once, in the block runs' order (a block since removed from the pipeline,
 * or a deleted pipeline, leaves it out).
 */
export const runBlockResource: Resource<NodeAt<'pipelineRuns.blocks'>, PipelineBlockView, BlockPreload, RunRecord> = {
  collection(ctx) {
    const run = ctx.parent;
    const pipeline = pipelinesTable.in(ctx.repo).get(run.pipeline_uuid);
    if (!pipeline) return { count: 0, records: [] };
    const members = new Set(allMembers(pipeline.sections).map((m) => m.uuid));
    const uuids = [...new Set(run.block_runs.map((b) => b.block_uuid))].filter((uuid) => members.has(uuid));
    const page = paginate(uuids, ctx);
    const blocks = blocksTable.in(ctx.repo).getMany(page.records);
    return { count: page.count, records: page.records.flatMap((uuid) => (blocks.has(uuid) ? [{ pipeline, block: blocks.get(uuid)! }] : [])) };
  },
  preload: (views, { repo, instance }) => preloadViews(views, repo, instance),
};
