import type { NodeAt } from '@pipeline-api/contract';
import type { Services } from '../../context.js';
import { invalid, notFound } from '../../errors.js';
import type { OrderedKeys } from '../../repository/sorted-keys.js';
import type { Page, Resource } from '../../resource.js';
import { allMembers } from '../blocks/graph.js';
import { blocksTable } from '../blocks/table.js';
import { pipelinesTable } from '../pipelines/table.js';
import { parseDateTime } from '../pipeline_schedules/interval.js';
import type { ScheduleRecord } from '../pipeline_schedules/record.js';
import { integerId } from '../pipeline_schedules/resource.js';
import { schedulesTable } from '../pipeline_schedules/table.js';
import { createRun } from './create.js';
import { cancelRun, retryBlocks } from './engine.js';
import { newestFirst } from './page.js';
import type { BlockRunState, RunRecord } from './record.js';
import { resetBlockRun } from './simulation.js';
import { runsTable } from './table.js';

/** Every value of several query params (`status`, `status[]`), once each; undefined when none. */
const values = (...lists: (string | string[] | undefined)[]): string[] | undefined => {
  const all = lists.flatMap((l) => (l === undefined ? [] : typeof l === 'string' ? [l] : l));
  return all.length > 0 ? [...new Set(all)] : undefined;
};

/** A function that resets a block run against the pipeline as it is now. */
export function resetterFor({ repo, config }: Pick<Services, 'repo' | 'config'>, run: RunRecord, now: number): (b: BlockRunState) => BlockRunState {
  const pipeline = pipelinesTable.in(repo).get(run.pipeline_uuid);
  const blocks = blocksTable.in(repo).getMany(pipeline ? allMembers(pipeline.sections).map((m) => m.uuid) : run.block_runs.map((b) => b.block_uuid));
  return (b) => resetBlockRun(b, pipeline, blocks, now, { blockDurationMs: config.simulatedBlockDurationMs });
}

function pageOf(repo: Services['repo'], lists: (OrderedKeys<number> | undefined)[], meta: { offset: number; limit: number | undefined }): Page<RunRecord> {
  const runs = runsTable.in(repo);
  const page = newestFirst(
    lists.filter((l): l is OrderedKeys<number> => l !== undefined),
    meta.offset,
    meta.limit,
  );
  const found = runs.getMany(page.ids);
  return { count: page.count, records: page.ids.flatMap((id) => found.get(id) ?? []) };
}

/** `/api/pipeline_runs[/:id]`. */
export const runResource: Resource<NodeAt<'pipelineRuns'>, RunRecord> = {
  member(id, { repo }) {
    const key = integerId(id);
    const run = key === undefined ? undefined : runsTable.in(repo).get(key);
    if (!run) throw notFound(`Pipeline run ${id} does not exist.`);
    return run;
  },

  collection(ctx) {
    const { repo, query } = ctx;
    const { index } = runsTable.in(repo);
    const pipelines = values(query.pipeline_uuid, query['pipeline_uuid[]']);
    const statuses = values(query.status, query['status[]']);
    let lists: (OrderedKeys<number> | undefined)[];
    if (pipelines && statuses) lists = pipelines.flatMap((p) => statuses.map((s) => index.ofPipelineStatus(p, s)));
    else if (pipelines) lists = pipelines.map((p) => index.byPipeline.get(p));
    else if (statuses) lists = statuses.map((s) => index.byStatus.get(s));
    else lists = [runsTable.in(repo).sortedKeys()];
    return pageOf(repo, lists, ctx.meta);
  },

  async update(run, ctx) {
    const { repo, clock } = ctx;
    const p = ctx.payload;
    if ((p.status === undefined) === (p.pipeline_run_action === undefined)) {
      throw invalid('pipeline_run', 'Send either status: "cancelled" or pipeline_run_action: "retry_blocks" (with an optional from_block_uuid).');
    }
    if (p.from_block_uuid !== undefined && p.pipeline_run_action === undefined) {
      throw invalid('pipeline_run.from_block_uuid', 'from_block_uuid goes with pipeline_run_action: "retry_blocks".');
    }
    const now = clock.now();
    const runs = runsTable.in(repo);
    // Re-read: the scheduler may have moved the run since the lookup.
    const current = runs.get(run.id) ?? run;
    const next = p.status === 'cancelled' ? cancelRun(current, now) : retryBlocks(current, p.from_block_uuid, resetterFor(ctx, current, now), now);
    if (next !== current) runs.put(next);
    return next;
  },

  async delete(run, { repo }) {
    runsTable.in(repo).delete(run.id);
    return run;
  },
};

/** `/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs`: one trigger's runs; run it now. */
export const scheduleRunResource: Resource<NodeAt<'pipelineSchedules.pipelineRuns'>, RunRecord, undefined, ScheduleRecord> = {
  collection(ctx) {
    const { repo, query } = ctx;
    const runs = runsTable.in(repo);
    const own = runs.index.bySchedule.get(ctx.parent.id);
    const statuses = values(query.status, query['status[]']);
    const list = statuses && own ? own.slice().filter((id) => statuses.includes(runs.get(id)?.status ?? '')) : own;
    return pageOf(repo, [list], ctx.meta);
  },

  async create(ctx) {
    const { repo, clock } = ctx;
    const p = ctx.payload;
    const now = clock.now();
    const executionDate = p.execution_date ? parseDateTime(p.execution_date, 'pipeline_run.execution_date') : now;
    return repo.transaction(() => {
      const schedules = schedulesTable.in(repo);
      const current = schedules.get(ctx.parent.id) ?? ctx.parent;
      // As Mage: running an inactive time @once trigger now activates it; other inactive triggers' runs wait.
      if (current.status !== 'active' && current.schedule_type === 'time' && current.schedule_interval === '@once') {
        schedules.put({ ...current, status: 'active', last_enabled_at: now, updated_at: now, last_fired_execution_date: executionDate });
      }
      return createRun(repo, current, now, { executionDate, variables: p.variables, eventVariables: p.event_variables });
    });
  },
};
