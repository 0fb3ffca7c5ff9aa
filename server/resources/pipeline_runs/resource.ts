import type { PipelineRunCreate, PipelineRunUpdate } from '@pipeline-api/contract';
import { payloadOf, type OperationContext } from '../../core/context.js';
import { invalid, notFound } from '../../core/errors.js';
import type { OrderedKeys } from '../../core/repository/sorted-keys.js';
import type { Resource } from '../../core/resource.js';
import { allMembers } from '../blocks/graph.js';
import { parseDateTime } from '../pipeline_schedules/interval.js';
import type { ScheduleRecord } from '../pipeline_schedules/record.js';
import { integerId } from '../pipeline_schedules/resource.js';
import { createRun } from './create.js';
import { cancelRun, retryBlocks } from './engine.js';
import { newestFirst } from './page.js';
import type { BlockRunState, RunRecord } from './record.js';
import { resetBlockRun } from './simulation.js';


const values = (...lists: unknown[]): string[] | undefined => {
  const all = lists.flatMap((l) => (Array.isArray(l) ? l : typeof l === 'string' ? [l] : []));
  return all.length > 0 ? [...new Set(all)] : undefined;
};

/** A function that resets a block run against the pipeline as it is now. */
export function resetterFor(ctx: Pick<OperationContext, 'repo' | 'config'>, run: RunRecord, now: number): (b: BlockRunState) => BlockRunState {
  const pipeline = ctx.repo.pipelines.get(run.pipeline_uuid);
  const blocks = ctx.repo.blocks.getMany(pipeline ? allMembers(pipeline.sections).map((m) => m.uuid) : run.block_runs.map((b) => b.block_uuid));
  return (b) => resetBlockRun(b, pipeline, blocks, now, { blockDurationMs: ctx.config.simulatedBlockDurationMs });
}

export const runResource: Resource<RunRecord> = {
  member(id, { repo }) {
    const key = integerId(id);
    const run = key === undefined ? undefined : repo.pipelineRuns.get(key);
    if (!run) throw notFound(`Pipeline run ${id} does not exist.`);
    return run;
  },

  collection(ctx) {
    const { repo, query } = ctx;
    const index = repo.pipelineRuns.index;
    const schedule = ctx.parent as ScheduleRecord | undefined;
    const pipelines = values(query.pipeline_uuid, query['pipeline_uuid[]']);
    const statuses = values(query.status, query['status[]']);
    let lists: (OrderedKeys<number> | undefined)[];
    if (schedule) {
      const own = index.bySchedule.get(schedule.id);
      lists = [statuses && own ? filtered(own, (id) => statuses.includes(repo.pipelineRuns.get(id)!.status)) : own];
    } else if (pipelines && statuses) lists = pipelines.flatMap((p) => statuses.map((s) => index.ofPipelineStatus(p, s)));
    else if (pipelines) lists = pipelines.map((p) => index.byPipeline.get(p));
    else if (statuses) lists = statuses.map((s) => index.byStatus.get(s));
    else lists = [repo.pipelineRuns.sortedKeys()];
    const page = newestFirst(lists.filter((l): l is OrderedKeys<number> => l !== undefined), ctx.meta.offset, ctx.meta.limit);
    const found = repo.pipelineRuns.getMany(page.ids);
    return { count: page.count, records: page.ids.map((id) => found.get(id)!) };
  },

  async create(ctx) {
    const { repo, clock } = ctx;
    const schedule = ctx.parent as ScheduleRecord;
    const p = payloadOf<PipelineRunCreate>(ctx);
    const now = clock.now();
    const executionDate = p.execution_date ? parseDateTime(p.execution_date, 'pipeline_run.execution_date') : now;
    return repo.transaction(() => {
      const current = repo.pipelineSchedules.get(schedule.id) ?? schedule;
      // As Mage: running an inactive time @once trigger now activates it; other inactive triggers' runs wait.
      if (current.status !== 'active' && current.schedule_type === 'time' && current.schedule_interval === '@once') {
        repo.pipelineSchedules.put({ ...current, status: 'active', last_enabled_at: now, updated_at: now, last_fired_execution_date: executionDate });
      }
      return createRun(repo, current, now, { executionDate, variables: p.variables, eventVariables: p.event_variables });
    });
  },

  async update(run, ctx) {
    const { repo, clock } = ctx;
    const p = payloadOf<PipelineRunUpdate>(ctx);
    if ((p.status === undefined) === (p.pipeline_run_action === undefined)) {
      throw invalid('pipeline_run', 'Send either status: "cancelled" or pipeline_run_action: "retry_blocks" (with an optional from_block_uuid).');
    }
    if (p.from_block_uuid !== undefined && p.pipeline_run_action === undefined) {
      throw invalid('pipeline_run.from_block_uuid', 'from_block_uuid goes with pipeline_run_action: "retry_blocks".');
    }
    const now = clock.now();
    // Re-read: the scheduler may have moved the run since the lookup.
    const current = repo.pipelineRuns.get(run.id) ?? run;
    const next = p.status === 'cancelled' ? cancelRun(current, now) : retryBlocks(current, p.from_block_uuid, resetterFor(ctx, current, now), now);
    if (next !== current) repo.pipelineRuns.put(next);
    return next;
  },

  async delete(run, { repo }) {
    repo.pipelineRuns.delete(run.id);
    return run;
  },
};

/** The ids of `keys` that pass `keep`, as an ordered list (a trigger's runs filtered by status). */
function filtered(keys: OrderedKeys<number>, keep: (id: number) => boolean): OrderedKeys<number> {
  return keys.slice().filter(keep);
}
