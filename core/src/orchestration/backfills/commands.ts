import type { BackfillUpdate } from '@pipeline-api/contract';
import { backfillsTable, type BackfillRecord } from '../../model/backfills.js';
import { parseDateTime } from '../../model/interval.js';
import { RUN_TERMINAL, runsTable, type RunRecord } from '../../model/runs.js';
import { schedulesTable, type ScheduleRecord } from '../../model/triggers.js';
import { sizeOf } from '../../repository/storage-limits.js';
import { createRun, type Orchestration } from '../commands.js';
import { cancelRun } from '../engine.js';
import { checkVariablesSize } from '../quotas.js';
import { newToken } from '../trigger-tokens.js';
import type { RandomSource } from '../../random.js';
import { MAX_RUNS_PER_BACKFILL, runDatesOf, type RunDateVariables } from './run-dates.js';
import {
  advanceBackfill,
  cancelBackfill,
  cancellableRuns,
  checkBackfillSettings,
  checkVariablesBudget,
  checkWindowEditable,
  runVariables,
  startBackfill,
  type BackfillTransition,
  type TriggerChange,
} from './state.js';

/** What the backfill commands read: the store, the settings, and the random source a new trigger's token comes from. */
export type BackfillOrchestration = Orchestration & { random: RandomSource };

/** The runs one start may make: the backfill cap, and never more than a trigger's retention keeps (its own early runs must stay). */
export function runCapOf({ config }: Pick<Orchestration, 'config'>): number {
  const retained = config.runs.maxFinishedPerTrigger;
  return retained > 0 ? Math.min(MAX_RUNS_PER_BACKFILL, retained) : MAX_RUNS_PER_BACKFILL;
}

/** Every run the backfill made (each set), for the state machine. */
export function runsOfBackfill({ repo }: Pick<Orchestration, 'repo'>, backfillId: number): RunRecord[] {
  const runs = runsTable.in(repo);
  const ids = runs.index.byBackfill.get(backfillId)?.slice() ?? [];
  return [...runs.getMany(ids).values()];
}

const triggerName = (backfill: BackfillRecord) => `Backfill ${backfill.name}`;

/**
 * A run's variables: the backfill's, under its date's. Pipeline-wide variables, once the kit has them, go first
 * here (Mage: the pipeline's globals, then the backfill's, then the date's).
 */
function variablesOfRun(backfill: BackfillRecord, date: RunDateVariables): Record<string, unknown> {
  return runVariables(backfill.variables, date);
}

/** The settings a backfill's trigger takes from it: `pipeline_run_limit` only (what the scheduler reads). */
function triggerSettings(backfill: BackfillRecord, base: ScheduleRecord['settings']): ScheduleRecord['settings'] {
  const limit = backfill.settings?.pipeline_run_limit;
  const { pipeline_run_limit: _dropped, ...rest } = base;
  return typeof limit === 'number' ? { ...rest, pipeline_run_limit: limit } : rest;
}

/** The backfill's `@once` trigger, made at its first start and reused after (renamed and re-set to the backfill's settings). */
function triggerFor(orchestration: BackfillOrchestration, backfill: BackfillRecord, now: number): ScheduleRecord {
  const schedules = schedulesTable.in(orchestration.repo);
  const existing = backfill.pipeline_schedule_id === null ? undefined : schedules.get(backfill.pipeline_schedule_id);
  if (existing) {
    const reused: ScheduleRecord = {
      ...existing,
      name: triggerName(backfill),
      settings: triggerSettings(backfill, existing.settings),
      variables: backfill.variables ?? {},
      status: 'inactive',
      updated_at: now,
    };
    schedules.put(reused);
    return reused;
  }
  const made: ScheduleRecord = {
    id: schedules.nextId(),
    pipeline_uuid: backfill.pipeline_uuid,
    name: triggerName(backfill),
    description: null,
    // As Mage's: no schedule type (so never due), an @once interval.
    schedule_type: null,
    schedule_interval: '@once',
    start_time: now,
    status: 'inactive',
    variables: backfill.variables ?? {},
    sla: null,
    settings: triggerSettings(backfill, {}),
    token: newToken(orchestration.random),
    tags: [],
    event_matchers: [],
    repo_path: '/home/src/default_repo',
    last_enabled_at: null,
    created_at: now,
    updated_at: now,
    // Never fired by the scheduler (Mage skips a schedule that has a backfill): its runs are the backfill's.
    last_fired_execution_date: now,
  };
  schedules.put(made);
  return made;
}

/** Activates or deactivates the backfill's trigger as a transition says. */
function applyTriggerChange(orchestration: Orchestration, scheduleId: number | null, change: TriggerChange, now: number): void {
  if (change === null || scheduleId === null) return;
  const schedules = schedulesTable.in(orchestration.repo);
  const schedule = schedules.get(scheduleId);
  if (!schedule) return;
  const status = change === 'activate' ? 'active' : 'inactive';
  if (schedule.status === status) return;
  schedules.put({ ...schedule, status, updated_at: now, last_enabled_at: status === 'active' ? now : schedule.last_enabled_at });
}

/**
 * `status: initial`: one run per date of the window, in date order, tagged with the backfill, on its trigger (made
 * active); the backfill `initial`. Bounded before anything is stored: at most runCapOf runs, and their variables
 * within one trigger's share. One transaction (the caller's, or its own).
 */
export function startBackfillRuns(orchestration: BackfillOrchestration, backfill: BackfillRecord, now: number): BackfillRecord {
  const transition = startBackfill(backfill, now);
  const dates = runDatesOf(backfill, runCapOf(orchestration));
  const firstVariables = variablesOfRun(backfill, dates.variablesAt(0));
  checkVariablesSize(orchestration, sizeOf(firstVariables), "Each run's variables (the backfill's and its date's)");
  checkVariablesBudget(dates.count, sizeOf(firstVariables), orchestration.config.runs.maxVariablesBytesPerTrigger);
  return orchestration.repo.transaction(() => {
    const trigger = triggerFor(orchestration, backfill, now);
    for (let i = 0; i < dates.count; i++) {
      const variables = i === 0 ? firstVariables : variablesOfRun(backfill, dates.variablesAt(i));
      createRun(orchestration, trigger, now, { executionDate: dates.dateAt(i), variables, backfillId: backfill.id });
    }
    const next: BackfillRecord = { ...backfill, ...transition.state, pipeline_schedule_id: trigger.id, updated_at: now };
    applyTriggerChange(orchestration, trigger.id, transition.trigger, now);
    backfillsTable.in(orchestration.repo).put(next);
    return next;
  });
}

/** `status: cancelled`: every unfinished run of the backfill cancelled, its trigger inactive. */
export function cancelBackfillRuns(orchestration: Orchestration, backfill: BackfillRecord, now: number): BackfillRecord {
  const transition = cancelBackfill(backfill);
  if (transition.state === backfill) return backfill;
  return orchestration.repo.transaction(() => {
    const runs = runsTable.in(orchestration.repo);
    for (const id of cancellableRuns(runsOfBackfill(orchestration, backfill.id))) {
      const run = runs.get(id);
      if (run) runs.put(cancelRun(run, now));
    }
    applyTriggerChange(orchestration, backfill.pipeline_schedule_id, transition.trigger, now);
    const next: BackfillRecord = { ...backfill, ...transition.state, updated_at: now };
    backfillsTable.in(orchestration.repo).put(next);
    return next;
  });
}

/**
 * After one of a backfill's runs changed (a scheduler step, a cancel or a retry of the run): the backfill's state
 * from its runs, and its trigger as the state says. In the caller's unit (transaction). Answers whether it changed.
 */
export function advanceBackfillOf(orchestration: Orchestration, run: RunRecord, now: number): boolean {
  if (run.backfill_id === undefined) return false;
  const backfills = backfillsTable.in(orchestration.repo);
  const backfill = backfills.get(run.backfill_id);
  if (!backfill) return false;
  // Only an ended run, or the first run to start, can move it: a run starting later costs no walk of its runs.
  if (!RUN_TERMINAL.has(run.status) && backfill.status !== 'initial') return false;
  // While other runs of its trigger are in progress it can neither complete nor end cancelled; only a first failure
  // moves it. So a tick ending a thousand runs walks them once, when the last one ends, not once per run.
  const othersGoing = backfill.pipeline_schedule_id !== null && runsTable.in(orchestration.repo).index.inProgressOf(backfill.pipeline_schedule_id) > 0;
  if (RUN_TERMINAL.has(run.status) && othersGoing && (run.status !== 'failed' || backfill.status === 'failed')) return false;
  const transition: BackfillTransition = advanceBackfill(backfill, runsOfBackfill(orchestration, backfill.id), now);
  if (transition.state === backfill) return false;
  backfills.put({ ...backfill, ...transition.state, updated_at: now });
  applyTriggerChange(orchestration, backfill.pipeline_schedule_id, transition.trigger, now);
  return true;
}

/** Whether a run's change may move its backfill: a change of its status (a block finishing inside it cannot). */
export function movesBackfill(before: RunRecord, after: RunRecord): boolean {
  return after.backfill_id !== undefined && before.status !== after.status;
}

/** What an update stores (its `status` starts or cancels instead). */
const ATTRIBUTES = ['name', 'start_datetime', 'end_datetime', 'interval_type', 'interval_units', 'settings', 'variables', 'block_uuid'] as const;

const parseWindowTime = (value: string | null | undefined, key: 'start_datetime' | 'end_datetime'): number | null | undefined =>
  value === undefined ? undefined : value === null ? null : parseDateTime(value, `backfill.${key}`);

/**
 * `PUT /api/backfills/:id`: the attributes sent, then `status` (start or cancel) on the result; all or nothing. The
 * window cannot change once started (its runs were made from it).
 */
export function updateBackfill(orchestration: BackfillOrchestration, backfill: BackfillRecord, payload: BackfillUpdate, now: number): BackfillRecord {
  const changed = ATTRIBUTES.filter((key) => payload[key] !== undefined);
  const differs = changed.filter((key) => {
    const sent = key === 'start_datetime' || key === 'end_datetime' ? parseWindowTime(payload[key], key) : payload[key];
    return JSON.stringify(sent) !== JSON.stringify(backfill[key]);
  });
  checkWindowEditable(backfill, differs);
  if (payload.variables) checkVariablesSize(orchestration, sizeOf(payload.variables), "The backfill's variables");
  const next: BackfillRecord = { ...backfill, updated_at: now };
  if (payload.name !== undefined) next.name = payload.name;
  const start = parseWindowTime(payload.start_datetime, 'start_datetime');
  if (start !== undefined) next.start_datetime = start;
  const end = parseWindowTime(payload.end_datetime, 'end_datetime');
  if (end !== undefined) next.end_datetime = end;
  if (payload.interval_type !== undefined) next.interval_type = payload.interval_type;
  if (payload.interval_units !== undefined) next.interval_units = payload.interval_units;
  if (payload.block_uuid !== undefined) next.block_uuid = payload.block_uuid;
  if (payload.settings !== undefined) next.settings = checkBackfillSettings(payload.settings);
  if (payload.variables !== undefined) next.variables = payload.variables;
  return orchestration.repo.transaction(() => {
    backfillsTable.in(orchestration.repo).put(next);
    syncTrigger(orchestration, next, now);
    if (payload.status === 'initial') return startBackfillRuns(orchestration, next, now);
    if (payload.status === 'cancelled') return cancelBackfillRuns(orchestration, next, now);
    return next;
  });
}

/** A started backfill's trigger follows its name and `pipeline_run_limit` (a new limit applies to the runs still waiting). */
function syncTrigger(orchestration: Orchestration, backfill: BackfillRecord, now: number): void {
  if (backfill.pipeline_schedule_id === null) return;
  const schedules = schedulesTable.in(orchestration.repo);
  const schedule = schedules.get(backfill.pipeline_schedule_id);
  if (!schedule) return;
  const settings = triggerSettings(backfill, schedule.settings);
  const name = triggerName(backfill);
  if (name === schedule.name && settings.pipeline_run_limit === schedule.settings.pipeline_run_limit) return;
  schedules.put({ ...schedule, name, settings, updated_at: now });
}
