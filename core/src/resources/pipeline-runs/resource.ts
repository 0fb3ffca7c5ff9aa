import type { NodeAt } from '@pipeline-api/contract';
import type { Services } from '../../context.js';
import { invalid, notFound } from '../../errors.js';
import { integerId } from '../../ids.js';
import { parseDateTime } from '../../model/interval.js';
import { loadedOrchestrator } from '../../orchestration/lazy-orchestrator.js';
import { newestFirst } from '../../orchestration/page.js';
import type { RunRecord } from '../../model/runs.js';
import { runsTable } from '../../model/runs.js';
import type { ScheduleRecord } from '../../model/triggers.js';
import type { OrderedKeys } from '../../repository/sorted-keys.js';
import { paginate, type Page, type Resource } from '../../resource.js';
import { filterAndOrder, needsFullScan, type RunQueryExtras } from './filters.js';

/** Every value of several query params (`status`, `status[]`), once each; undefined when none. */
const values = (...lists: (string | string[] | undefined)[]): string[] | undefined => {
  const all = lists.flatMap((l) => (l === undefined ? [] : typeof l === 'string' ? [l] : l));
  return all.length > 0 ? [...new Set(all)] : undefined;
};

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

/** Every run of the lists, through the extra filters and order (the overview's `start_timestamp`, an `order_by[]`). */
function fullScan(repo: Services['repo'], lists: (OrderedKeys<number> | undefined)[], query: RunQueryExtras): RunRecord[] {
  const found = runsTable.in(repo).getMany(lists.flatMap((l) => l?.slice() ?? []));
  return filterAndOrder([...found.values()], query, repo);
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
    if (query.backfill_id !== undefined) {
      // A backfill's runs (at most a few thousand), narrowed by the other filters.
      const own = index.byBackfill.get(Number(query.backfill_id))?.slice() ?? [];
      const found = runsTable.in(repo).getMany(own);
      const kept = own.filter((id) => {
        const run = found.get(id);
        return run !== undefined && (!pipelines || pipelines.includes(run.pipeline_uuid)) && (!statuses || statuses.includes(run.status));
      });
      return pageOf(repo, [kept], ctx.meta);
    }
    if (pipelines && statuses) lists = pipelines.flatMap((p) => statuses.map((s) => index.ofPipelineStatus(p, s)));
    else if (pipelines) lists = pipelines.map((p) => index.byPipeline.get(p));
    else if (statuses) lists = statuses.map((s) => index.byStatus.get(s));
    else lists = [runsTable.in(repo).sortedKeys()];
    if (needsFullScan(query)) return paginate(fullScan(repo, lists, query), ctx);
    return pageOf(repo, lists, ctx.meta);
  },

  async update(run, ctx) {
    const { clock } = ctx;
    const p = ctx.payload;
    if ((p.status === undefined) === (p.pipeline_run_action === undefined)) {
      throw invalid('pipeline_run', 'Send either status: "cancelled" or pipeline_run_action: "retry_blocks" (with an optional from_block_uuid).');
    }
    if (p.from_block_uuid !== undefined && p.pipeline_run_action === undefined) {
      throw invalid('pipeline_run.from_block_uuid', 'from_block_uuid goes with pipeline_run_action: "retry_blocks".');
    }
    return loadedOrchestrator().changeRun(ctx, run, clock.now(), p.status === 'cancelled' ? { cancel: true } : { retryFrom: p.from_block_uuid });
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
    const p = ctx.payload;
    const now = ctx.clock.now();
    const executionDate = p.execution_date ? parseDateTime(p.execution_date, 'pipeline_run.execution_date') : now;
    return loadedOrchestrator().runNow(ctx, ctx.parent, now, { executionDate, variables: p.variables, eventVariables: p.event_variables });
  },
};
