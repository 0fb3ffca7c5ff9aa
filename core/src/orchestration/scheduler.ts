import { ApiError } from '../errors.js';
import type { Repository } from '../repository/types.js';
import type { BlockRecord } from '../model/blocks.js';
import { allMembers } from '../model/graph.js';
import { blocksTable } from '../model/blocks.js';
import { pipelinesTable } from '../model/pipelines.js';
import { StorageReserve } from '../repository/storage-limits.js';
import { createRun, type Orchestration } from './commands.js';
import { advanceRun, startRun } from './engine.js';
import { currentExecutionDate } from '../model/interval.js';
import { SchedulerNotices } from './notices.js';
import { withOutputs } from './outputs/record-outputs.js';
import { pruneOlderThan } from './retention.js';
import type { RunRecord } from '../model/runs.js';
import { runsTable } from '../model/runs.js';
import { plannedBlockRuns } from './simulation.js';
import type { ScheduleRecord } from '../model/triggers.js';
import { schedulesTable } from '../model/triggers.js';
import { backfillsTable } from '../model/backfills.js';
import { advanceBackfillOf, movesBackfill } from './backfills/commands.js';

export interface Scheduler {
  /**
   * Applies the transitions due at `now` (at most FIRINGS_PER_TICK firings and `runs.stepsPerTick` run steps: the
   * rest on the next ticks), in units
   * that are each their own transaction: one trigger firing, one run step, one retention sweep. A refused unit is
   * undone alone, noted in one line (at most once a minute per kind) and tried again on a later tick; the others
   * go on. Visits the triggers due (the due-time index) and the runs in progress only. Never sets a timer: the
   * transport calls it.
   */
  tick(now: number): void;
}

/**
 * Trigger firings tried per tick at most: a burst (thousands of triggers on the same minute) spreads over the next
 * ticks, each firing the interval it is in, instead of holding every request for seconds.
 */
export const FIRINGS_PER_TICK = 200;
/** A trigger whose firing was refused waits this long before the next try, so refused ones never use up a tick. */
const REFUSED_FIRING_RETRY_MS = 5000;

const isStorageFull = (error: unknown) => error instanceof ApiError && error.code === 413;
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createScheduler(orchestration: Orchestration, log: (line: string) => void, reserve = new StorageReserve()): Scheduler {
  const notices = new SchedulerNotices(log);
  const firings = new TriggerFirings(orchestration, notices, log);
  const runSteps = new RunSteps(orchestration, notices, reserve);
  return {
    tick(now) {
      firings.fireDue(now);
      runSteps.stepRuns(now);
      try {
        pruneOlderThan(orchestration, now);
      } catch (error) {
        notices.refused('retention sweep', 'old runs', error, now);
      }
    },
  };
}

/** The triggers' firings: at most FIRINGS_PER_TICK a tick, paused while the store is full. */
class TriggerFirings {
  // Trigger versions that were due but had nothing to fire (looked at again a second later) or whose firing was
  // refused (a few seconds later); at once when they change.
  readonly #idle = new WeakMap<ScheduleRecord, number>();
  /** Set while the store is full: firings wait (one is tried per tick to see whether there is room again). */
  #paused = false;

  constructor(
    private readonly orchestration: Orchestration,
    private readonly notices: SchedulerNotices,
    private readonly log: (line: string) => void,
  ) {}

  fireDue(now: number): void {
    const { repo } = this.orchestration;
    const schedules = schedulesTable.in(repo);
    const { due, alwaysOn } = schedules.index;
    const runs = runsTable.in(repo).index;
    const candidates = [...due.dueBy(now), ...alwaysOn];
    let tried = 0;
    for (const id of candidates) {
      const schedule = schedules.get(id);
      if (!schedule || now < (this.#idle.get(schedule) ?? now)) continue;
      // Checked before the budget: @always_on triggers busy with a run must not use up a tick's firings.
      if (schedule.schedule_interval === '@always_on' && runs.inProgressOf(id) > 0) continue;
      if (tried++ === FIRINGS_PER_TICK) return;
      if (!this.#fire(schedule, now)) return;
    }
  }

  /** One firing, its own transaction; false when the store is full and firings pause. */
  #fire(schedule: ScheduleRecord, now: number): boolean {
    try {
      const fired = this.orchestration.repo.transaction(() => fireIfDue(this.orchestration, schedule, now));
      if (!fired && schedule.schedule_interval !== '@always_on') this.#idle.set(schedule, now + 1000);
      if (fired && this.#paused) {
        this.#paused = false;
        this.log('[scheduler] the store has room again: trigger firings resumed.');
      }
    } catch (error) {
      if (isStorageFull(error)) {
        if (!this.#paused) this.log(`[scheduler] new trigger firings paused while the store is full; runs in progress go on. ${reason(error)}`);
        this.#paused = true;
        return false;
      }
      this.#idle.set(schedule, now + REFUSED_FIRING_RETRY_MS);
      this.notices.refused('firing', `trigger ${schedule.id}`, error, now);
    }
    return true;
  }
}

/**
 * The runs in progress, stepped at most `stepsPerTick` a tick (runs with nothing due do not count): what is left waits
 * for the next tick, which starts where this one stopped and wraps around, so every run gets its turn.
 */
class RunSteps {
  // When a running run can next change, per stored version of it and of its trigger (records are replaced,
  // never edited, so an edit to either is a new key): a tick skips runs whose blocks are all still busy.
  readonly #quiet = new WeakMap<RunRecord, { until: number; schedule: ScheduleRecord }>();
  /** The run to start from on the next tick: the first one a full tick left out (0: from the lowest id). */
  #resumeAt = 0;

  constructor(
    private readonly orchestration: Orchestration,
    private readonly notices: SchedulerNotices,
    private readonly reserve: StorageReserve,
  ) {}

  stepRuns(now: number): void {
    const { repo } = this.orchestration;
    const runs = runsTable.in(repo);
    const schedules = schedulesTable.in(repo);
    const ids = [...runs.index.inProgress];
    const resumeAt = this.#resumeAt;
    const turn = [...ids.filter((id) => id >= resumeAt), ...ids.filter((id) => id < resumeAt)];
    const budget = this.orchestration.config.runs.stepsPerTick;
    let stepped = 0;
    this.#resumeAt = 0;
    for (const id of turn) {
      const run = runs.get(id);
      if (!run) continue;
      const schedule = schedules.get(run.pipeline_schedule_id);
      if (!schedule) continue;
      const wait = this.#quiet.get(run);
      if (wait?.schedule === schedule && now < wait.until) continue;
      if (stepped++ === budget) {
        this.#resumeAt = id;
        return;
      }
      this.#step(run, schedule, now);
    }
  }

  /** One run step, its own transaction within the reserve: a run admitted while there was room finishes even when the store is full. */
  #step(run: RunRecord, schedule: ScheduleRecord, now: number): void {
    try {
      const next = this.reserve.transaction(this.orchestration.repo, () => step(this.orchestration, run, schedule, now));
      if (next.status === 'running') this.#quiet.set(next, { until: nextChange(next, schedule), schedule });
    } catch (error) {
      this.notices.refused('run step', `run ${run.id}`, error, now);
    }
  }
}

/** One run step: start a waiting run, or advance a running one; a completed @once trigger goes inactive. */
function step(orchestration: Orchestration, run: RunRecord, schedule: ScheduleRecord, now: number): RunRecord {
  const { repo } = orchestration;
  const advanced = run.status === 'initial' ? maybeStart(orchestration, run, schedule, now) : advanceRun(run, now, schedule.settings);
  const next = withOutputs(repo, run, withSla(advanced, schedule, now));
  if (next !== run) runsTable.in(repo).put(next);
  // A backfill's trigger goes inactive when the backfill completes, not when one of its runs does.
  if (next.backfill_id !== undefined) {
    if (movesBackfill(run, next)) advanceBackfillOf(orchestration, next, now);
  } else if (next.status === 'completed') deactivateFinishedOnce(repo, schedule, now);
  return next;
}

/**
 * A time trigger's run for the current execution date, once (Mage's should_schedule, without landing time).
 * Whether anything fired: a trigger the due-time index says is due normally fires.
 */
function fireIfDue(orchestration: Orchestration, schedule: ScheduleRecord, now: number): boolean {
  const { repo } = orchestration;
  if (schedule.status !== 'active' || schedule.schedule_type !== 'time') return false;
  // A backfill's trigger is never fired (Mage skips schedules that have a backfill): its runs are made at its start.
  if (backfillsTable.in(repo).index.bySchedule.has(schedule.id)) return false;
  if (schedule.start_time !== null && now < schedule.start_time) return false;
  const interval = schedule.schedule_interval;
  const runs = runsTable.in(repo).index;
  const inProgress = runs.inProgressOf(schedule.id);
  let executionDate: number | undefined;
  if (interval === '@once') {
    if (schedule.last_fired_execution_date !== null) return false;
    if (runs.bySchedule.has(schedule.id)) {
      // Run by hand already: that was its one run. Marked so the due-time index lets it go.
      schedulesTable.in(repo).put({ ...schedule, last_fired_execution_date: now });
      return false;
    }
    executionDate = now;
  } else if (interval === '@always_on') {
    if (inProgress > 0) return false;
    executionDate = now;
  } else {
    executionDate = currentExecutionDate(interval, now);
    if (executionDate === undefined) return false;
    if (schedule.last_fired_execution_date !== null && executionDate <= schedule.last_fired_execution_date) return false;
    if (schedule.start_time !== null && executionDate < schedule.start_time) return false;
    if (!schedule.settings.create_initial_pipeline_run && schedule.last_enabled_at !== null && executionDate < schedule.last_enabled_at) return false;
  }
  const skip = schedule.settings.skip_if_previous_running === true && inProgress > 0;
  schedulesTable.in(repo).put({ ...schedule, last_fired_execution_date: executionDate });
  createRun(orchestration, schedule, now, { executionDate, variables: schedule.variables, status: skip ? 'cancelled' : 'initial' });
  return true;
}

/** `initial` -> `running` for an active trigger's run, within the trigger's `pipeline_run_limit`. */
function maybeStart({ repo, config }: Orchestration, run: RunRecord, schedule: ScheduleRecord, now: number): RunRecord {
  if (schedule.status !== 'active') return run;
  const limit = schedule.settings.pipeline_run_limit;
  if (limit && (runsTable.in(repo).index.runningBySchedule.get(schedule.id) ?? 0) >= limit) return run;
  if (run.block_runs.length > 0) return startRun(run, run.block_runs, now, schedule.settings);
  const pipeline = pipelinesTable.in(repo).get(run.pipeline_uuid);
  const blocks: Map<string, BlockRecord> = pipeline
    ? blocksTable.in(repo).getMany(allMembers(pipeline.sections).map((m) => m.uuid))
    : new Map<string, BlockRecord>();
  const simulation = { blockDurationMs: config.simulatedBlockDurationMs };
  const blockRuns = pipeline ? plannedBlockRuns(pipeline, blocks, runsTable.in(repo).nextBlockRunId, now, simulation) : [];
  return startRun(run, blockRuns, now, schedule.settings);
}

/** Mage: a `time` `@once` trigger goes inactive once its run completed. */
function deactivateFinishedOnce(repo: Repository, schedule: ScheduleRecord, now: number) {
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
