import type { Repository } from '../../repository/types.js';
import type { BlockRecord } from '../blocks/table.js';
import { allMembers } from '../blocks/graph.js';
import { currentExecutionDate } from '../pipeline_schedules/interval.js';
import type { ScheduleRecord } from '../pipeline_schedules/record.js';
import { createRun } from './create.js';
import { advanceRun, startRun } from './engine.js';
import type { RunRecord } from './record.js';
import { plannedBlockRuns, type SimulationOptions } from './simulation.js';
import { schedulesTable } from '../pipeline_schedules/table.js';
import { runsTable } from './table.js';
import { pipelinesTable } from '../pipelines/table.js';
import { blocksTable } from '../blocks/table.js';

export interface Scheduler {
  /**
   * Applies every transition due at `now`: fires due time triggers, starts waiting runs of active
   * triggers, advances running runs. Visits the active time triggers and the runs in progress only, so its
   * cost does not grow with the runs stored. Never sets a timer: the transport calls it.
   */
  tick(now: number): void;
}

export function createScheduler(repo: Repository, simulation: SimulationOptions): Scheduler {
  // When a running run can next change, per stored version of it and of its trigger (records are replaced,
  // never edited, so an edit to either is a new key): a tick skips runs whose blocks are all still busy.
  const quiet = new WeakMap<RunRecord, { until: number; schedule: ScheduleRecord }>();
  return {
    tick(now) {
      repo.transaction(() => {
        for (const id of [...schedulesTable.in(repo).index.activeTime]) {
          const schedule = schedulesTable.in(repo).get(id);
          if (schedule) fireIfDue(repo, schedule, now);
        }
        const runs = runsTable.in(repo).index;
        for (const id of [...runs.inProgress]) {
          const run = runsTable.in(repo).get(id);
          if (!run) continue;
          const schedule = schedulesTable.in(repo).get(run.pipeline_schedule_id);
          if (!schedule) continue;
          const wait = quiet.get(run);
          if (wait?.schedule === schedule && now < wait.until) continue;
          const advanced = run.status === 'initial' ? maybeStart(repo, run, schedule, now, simulation) : advanceRun(run, now, schedule.settings);
          const next = withSla(advanced, schedule, now);
          if (next !== run) runsTable.in(repo).put(next);
          if (next.status === 'running') quiet.set(next, { until: nextChange(next, schedule), schedule });
          if (next.status === 'completed') deactivateFinishedOnce(repo, schedule, now);
        }
      });
    },
  };
}

/** A time trigger's run for the current execution date, once (Mage's should_schedule, without landing time). */
function fireIfDue(repo: Repository, schedule: ScheduleRecord, now: number) {
  if (schedule.start_time !== null && now < schedule.start_time) return;
  const interval = schedule.schedule_interval;
  const inProgress = runsTable.in(repo).index.inProgressBySchedule.get(schedule.id) ?? 0;
  let executionDate: number | undefined;
  if (interval === '@once') {
    if (schedule.last_fired_execution_date !== null || runsTable.in(repo).index.bySchedule.has(schedule.id)) return;
    executionDate = now;
  } else if (interval === '@always_on') {
    if (inProgress > 0) return;
    executionDate = now;
  } else {
    executionDate = currentExecutionDate(interval, now);
    if (executionDate === undefined) return;
    if (schedule.last_fired_execution_date !== null && executionDate <= schedule.last_fired_execution_date) return;
    if (schedule.start_time !== null && executionDate < schedule.start_time) return;
    if (!schedule.settings.create_initial_pipeline_run && schedule.last_enabled_at !== null && executionDate < schedule.last_enabled_at) return;
  }
  const skip = schedule.settings.skip_if_previous_running === true && inProgress > 0;
  schedulesTable.in(repo).put({ ...schedule, last_fired_execution_date: executionDate });
  createRun(repo, schedule, now, { executionDate, variables: schedule.variables, status: skip ? 'cancelled' : 'initial' });
}

/** `initial` -> `running` for an active trigger's run, within the trigger's `pipeline_run_limit`. */
function maybeStart(repo: Repository, run: RunRecord, schedule: ScheduleRecord, now: number, simulation: SimulationOptions): RunRecord {
  if (schedule.status !== 'active') return run;
  const limit = schedule.settings.pipeline_run_limit;
  if (limit && (runsTable.in(repo).index.runningBySchedule.get(schedule.id) ?? 0) >= limit) return run;
  if (run.block_runs.length > 0) return startRun(run, run.block_runs, now, schedule.settings);
  const pipeline = pipelinesTable.in(repo).get(run.pipeline_uuid);
  const blocks: Map<string, BlockRecord> = pipeline
    ? blocksTable.in(repo).getMany(allMembers(pipeline.sections).map((m) => m.uuid))
    : new Map<string, BlockRecord>();
  const blockRuns = pipeline ? plannedBlockRuns(pipeline, blocks, runsTable.in(repo).nextBlockRunId, now, simulation) : [];
  return startRun(run, blockRuns, now, schedule.settings);
}

/** Mage: a `time` `@once` trigger goes inactive once its run completed. */
function deactivateFinishedOnce(repo: Repository, stale: ScheduleRecord, now: number) {
  const schedule = schedulesTable.in(repo).get(stale.id) ?? stale;
  if (schedule.schedule_type !== 'time' || schedule.schedule_interval !== '@once' || schedule.status !== 'active') return;
  schedulesTable.in(repo).put({ ...schedule, status: 'inactive', updated_at: now });
}

function withSla(run: RunRecord, schedule: ScheduleRecord, now: number): RunRecord {
  if (run.passed_sla || schedule.sla === null || run.status === 'completed' || now <= run.execution_date + schedule.sla * 1000) return run;
  return { ...run, passed_sla: true };
}

/** The earliest instant a running run can change on its own: a block finishing, its timeout, its SLA. */
function nextChange(run: RunRecord, schedule: ScheduleRecord): number {
  let until = Number.POSITIVE_INFINITY;
  for (const b of run.block_runs) {
    if (b.status === 'queued') return Number.NEGATIVE_INFINITY;
    if (b.status === 'running' && b.started_at !== null) until = Math.min(until, b.started_at + b.duration_ms);
  }
  const { timeout } = schedule.settings;
  if (timeout && run.started_at !== null) until = Math.min(until, run.started_at + timeout * 1000);
  if (!run.passed_sla && schedule.sla !== null) until = Math.min(until, run.execution_date + schedule.sla * 1000 + 1);
  return until;
}
