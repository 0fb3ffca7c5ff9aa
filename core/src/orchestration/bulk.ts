import type { Services } from '../context.js';
import { invalid } from '../errors.js';
import type { PipelineRecord } from '../model/pipelines.js';
import { createRun, resetterFor } from './commands.js';
import { advanceBackfillOf } from './backfills/commands.js';
import { checkWaitingRoom } from './quotas.js';
import { endRun, resetIncomplete } from './engine.js';
import { isInProgress, type RunRecord } from '../model/runs.js';
import { schedulesTable } from '../model/triggers.js';
import { runsTable } from '../model/runs.js';

export interface BulkAction {
  status: 'active' | 'inactive' | 'cancelled' | 'retry' | 'retry_incomplete_block_runs';
  pipeline_runs?: { id: number }[];
  pipeline_schedule_id?: number;
}

/**
 * `PUT /api/pipelines/:uuid` with `status`: Mage's bulk actions on a pipeline's triggers and runs. Runs
 * inside the pipeline update's transaction; runs named must belong to the pipeline.
 */
export function applyBulkAction(pipeline: PipelineRecord, action: BulkAction, ctx: Services): void {
  const { repo } = ctx;
  const now = ctx.clock.now();
  const scheduleIds = schedulesTable.in(repo).index.ofPipeline(pipeline.uuid);
  const named = (): RunRecord[] =>
    (action.pipeline_runs ?? []).map(({ id }, i) => {
      const run = runsTable.in(repo).get(id);
      if (run?.pipeline_uuid !== pipeline.uuid) {
        throw invalid(`pipeline.pipeline_runs.${i}.id`, `Pipeline run ${id} is not a run of pipeline ${pipeline.uuid}.`);
      }
      return run;
    });

  switch (action.status) {
    case 'active':
    case 'inactive':
      for (const id of scheduleIds) {
        const s = schedulesTable.in(repo).get(id)!;
        if (s.status === action.status) continue;
        schedulesTable.in(repo).put({
          ...s,
          status: action.status,
          last_enabled_at: action.status === 'active' ? now : s.last_enabled_at,
          updated_at: now,
        });
      }
      return;
    case 'cancelled': {
      let runs: RunRecord[];
      if (action.pipeline_runs) runs = named();
      else if (action.pipeline_schedule_id !== undefined) {
        if (!scheduleIds.includes(action.pipeline_schedule_id)) {
          throw invalid('pipeline.pipeline_schedule_id', `Pipeline schedule ${action.pipeline_schedule_id} is not a trigger of pipeline ${pipeline.uuid}.`);
        }
        runs = inProgressOf(ctx, [action.pipeline_schedule_id]);
      } else runs = inProgressOf(ctx, scheduleIds);
      for (const run of runs) {
        if (!isInProgress(run.status)) continue;
        const ended = endRun(run, 'cancelled', now);
        runsTable.in(repo).put(ended);
        advanceBackfillOf(ctx, ended, now);
      }
      return;
    }
    case 'retry': {
      if (!action.pipeline_runs?.length) throw invalid('pipeline.pipeline_runs', 'retry needs pipeline_runs: [{id}, ...], the runs to run again.');
      for (const run of named()) {
        const schedule = schedulesTable.in(repo).get(run.pipeline_schedule_id)!;
        // A backfill's run retried stays the backfill's: the new run is its date's latest.
        createRun(ctx, schedule, now, {
          executionDate: run.execution_date,
          variables: run.variables,
          eventVariables: run.event_variables,
          backfillId: run.backfill_id,
        });
      }
      return;
    }
    case 'retry_incomplete_block_runs':
      for (const id of runsTable.in(repo).index.ofPipelineStatus(pipeline.uuid, 'failed')?.slice() ?? []) {
        const run = runsTable.in(repo).get(id)!;
        const next = resetIncomplete(run, resetterFor(ctx, run, now), now);
        if (next.status === 'initial' && run.backfill_id === undefined) checkWaitingRoom(ctx, run.pipeline_schedule_id);
        runsTable.in(repo).put(next);
      }
      return;
  }
}

function inProgressOf(ctx: Services, scheduleIds: number[]): RunRecord[] {
  const { repo } = ctx;
  return scheduleIds.flatMap((id) =>
    (runsTable.in(repo).index.bySchedule.get(id)?.slice() ?? []).map((runId) => runsTable.in(repo).get(runId)!).filter((run) => isInProgress(run.status)),
  );
}
