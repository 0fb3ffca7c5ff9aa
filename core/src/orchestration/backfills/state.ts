import { ApiError, invalid } from '../../errors.js';
import { isPlainObject } from '../../request.js';
import { RUN_TERMINAL, isInProgress, type RunStatus } from '../../model/runs.js';
import { grouped, type RunDateVariables } from './run-dates.js';

/**
 * The backfill state machine, as pure functions (docs/runs.md draws it): draft (`null`) -> `initial` (started: one
 * run per date, its trigger active) -> `running` (a run started) -> `completed` (every latest run completed; the
 * trigger goes inactive) or `failed` (a latest run failed; the others go on, and retrying it to completion completes
 * the backfill, as in Mage); `cancelled` from `initial` or `running`. Starting again after `failed` or `cancelled`
 * makes a new set of runs: the latest run of each date counts, older ones are history. Nothing here stores anything
 * or reads a clock: the caller passes the runs and `now`, and applies the result.
 */

export type BackfillStatus = 'initial' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface BackfillState {
  id: number;
  status: BackfillStatus | null;
  started_at: number | null;
  completed_at: number | null;
  failed_at: number | null;
}

/** What the state machine needs of a run of the backfill. */
export interface BackfillRun {
  id: number;
  execution_date: number;
  status: RunStatus;
}

/** What the caller does to the backfill's `@once` trigger "Backfill <name>" along with the new state. */
export type TriggerChange = 'activate' | 'deactivate' | null;

export interface BackfillTransition {
  state: BackfillState;
  trigger: TriggerChange;
}

const unchanged = (state: BackfillState): BackfillTransition => ({ state, trigger: null });

/** The newest run (highest id) of each execution date, in date order: a start after a failure supersedes the older set. */
export function latestRuns(runs: Iterable<BackfillRun>): BackfillRun[] {
  const byDate = new Map<number, BackfillRun>();
  for (const run of runs) {
    const seen = byDate.get(run.execution_date);
    if (!seen || run.id > seen.id) byDate.set(run.execution_date, run);
  }
  return [...byDate.values()].sort((a, b) => a.execution_date - b.execution_date);
}

/** Mage's run_status_counts: the latest run of each date, counted by status. */
export function runStatusCounts(runs: Iterable<BackfillRun>): Partial<Record<RunStatus, number>> {
  const counts: Partial<Record<RunStatus, number>> = {};
  for (const run of latestRuns(runs)) counts[run.status] = (counts[run.status] ?? 0) + 1;
  return counts;
}

/**
 * `status: initial`: allowed from a draft, `failed` and `cancelled` (Mage's UI offers it exactly then); started_at is
 * now and the outcome times are cleared. The caller has checked the dates (runDatesOf) and makes the runs.
 */
export function startBackfill(state: BackfillState & { block_uuid: string | null }, now: number): BackfillTransition {
  if (state.block_uuid !== null) {
    throw invalid(
      'backfill.block_uuid',
      `Backfill ${state.id} names block_uuid ${JSON.stringify(state.block_uuid)}: backfills by custom code are not supported (Mage makes no runs for them). Set block_uuid to null to backfill by dates.`,
    );
  }
  if (state.status === 'initial' || state.status === 'running') {
    throw invalid('backfill.status', `Backfill ${state.id} is already ${state.status}; cancel it before starting it again.`);
  }
  if (state.status === 'completed') {
    throw invalid('backfill.status', `Backfill ${state.id} completed: every run date completed. Create a new backfill to run these dates again.`);
  }
  return { state: { ...state, status: 'initial', started_at: now, completed_at: null, failed_at: null }, trigger: 'activate' };
}

/**
 * `status: cancelled`: from `initial` or `running`; the caller cancels cancellableRuns() and deactivates the trigger.
 * Cancelling a cancelled backfill changes nothing. A draft has nothing to cancel (Mage answers a server error), and a
 * finished one keeps its outcome (Mage would relabel it): both are refused.
 */
export function cancelBackfill(state: BackfillState): BackfillTransition {
  if (state.status === 'cancelled') return unchanged(state);
  if (state.status === null) {
    throw invalid('backfill.status', `Backfill ${state.id} has not started: there is nothing to cancel. Delete it instead, or start it first.`);
  }
  if (state.status === 'completed' || state.status === 'failed') {
    const hint = state.status === 'failed' ? ' Start it again to retry its dates.' : '';
    throw invalid('backfill.status', `Backfill ${state.id} is already ${state.status}; only an initial or running backfill can be cancelled.${hint}`);
  }
  return { state: { ...state, status: 'cancelled' }, trigger: 'deactivate' };
}

/** The runs a cancel stops: every run of the backfill still in progress, latest or not (as Mage). */
export function cancellableRuns(runs: Iterable<BackfillRun>): number[] {
  const ids: number[] = [];
  for (const run of runs) if (isInProgress(run.status)) ids.push(run.id);
  return ids;
}

/**
 * What the runs say after a run step (Mage's pipeline scheduler, per run): `initial` -> `running` once a latest run
 * has started; `completed` when every latest run completed (also from `failed`, when its failed runs were retried);
 * `failed` when a latest run failed. Differences from Mage, where Mage leaves a backfill `running` for ever: a run
 * failed by a timeout or with allow_blocks_to_fail fails the backfill too, and when every latest run has ended with
 * some cancelled (one by one) and none failed, the backfill is `cancelled`. failed_at is set (Mage never sets it).
 */
export function advanceBackfill(state: BackfillState, runs: Iterable<BackfillRun>, now: number): BackfillTransition {
  const { status } = state;
  if (status === null || status === 'completed' || status === 'cancelled') return unchanged(state);
  const latest = latestRuns(runs);
  if (latest.length === 0) return unchanged(state);
  if (latest.every((run) => run.status === 'completed')) {
    return { state: { ...state, status: 'completed', completed_at: now }, trigger: 'deactivate' };
  }
  if (latest.some((run) => run.status === 'failed')) {
    return status === 'failed' ? unchanged(state) : { state: { ...state, status: 'failed', failed_at: now }, trigger: null };
  }
  if (latest.every((run) => RUN_TERMINAL.has(run.status))) {
    return { state: { ...state, status: 'cancelled' }, trigger: 'deactivate' };
  }
  if (status === 'initial' && latest.some((run) => run.status !== 'initial')) {
    return { state: { ...state, status: 'running' }, trigger: null };
  }
  return unchanged(state);
}

/**
 * Checks settings as sent (stored as sent). Mage copies them onto the backfill's trigger, whose scheduler starts at
 * most `pipeline_run_limit` runs at once, earliest dates first; 0 would start none, so it is refused here.
 */
export function checkBackfillSettings(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (!isPlainObject(value)) throw invalid('backfill.settings', 'settings must be an object, such as {"pipeline_run_limit": 2}.');
  if (value.pipeline_run_limit !== undefined && pipelineRunLimitOf(value) === null && value.pipeline_run_limit !== null) {
    throw invalid(
      'backfill.settings.pipeline_run_limit',
      `pipeline_run_limit must be a whole number of at least 1 (runs at once), not ${JSON.stringify(value.pipeline_run_limit)}.`,
    );
  }
  return value;
}

/** How many of the backfill's runs may run at once; null: no limit. */
export function pipelineRunLimitOf(settings: Record<string, unknown> | null): number | null {
  const limit = settings?.pipeline_run_limit;
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit >= 1 ? limit : null;
}

/** The runs that may start now under the limit: as many as it leaves free (all waiting ones without a limit). */
export function startQuota(limit: number | null | undefined, running: number, waiting: number): number {
  if (limit === null || limit === undefined) return waiting;
  return Math.max(0, Math.min(waiting, limit - running));
}

/** A run's variables: the backfill's, then its date's (Mage's merge_dict: the date's win). */
export function runVariables(backfillVariables: Record<string, unknown> | null, date: RunDateVariables): Record<string, unknown> {
  return { ...(backfillVariables ?? {}), ...date };
}

/** The settings that make the dates: fixed once started (Mage's UI says so; its API would let them drift from the runs). */
export const WINDOW_KEYS: readonly string[] = ['start_datetime', 'end_datetime', 'interval_type', 'interval_units', 'block_uuid'];

/** Refuses a change to the dates of a backfill that has started: its runs were made from them. */
export function checkWindowEditable(state: BackfillState, changedKeys: Iterable<string>): void {
  if (state.status === null) return;
  for (const key of changedKeys) {
    if (WINDOW_KEYS.includes(key)) {
      throw invalid(`backfill.${key}`, `Backfill ${state.id} has started (${state.status}): its dates cannot change. Create a new backfill for other dates.`);
    }
  }
}

/**
 * Refuses a start whose runs' variables would not fit one trigger's share of the store: every run stores its
 * variables, and runs in progress are never pruned.
 */
export function checkVariablesBudget(runCount: number, bytesPerRun: number, maxBytesPerTrigger: number): void {
  if (maxBytesPerTrigger === 0 || runCount * bytesPerRun <= maxBytesPerTrigger) return;
  throw new ApiError(
    'payload_too_large',
    `Starting this backfill would store ${grouped(runCount)} runs with about ${grouped(bytesPerRun)} bytes of variables each ` +
      `(${grouped(runCount * bytesPerRun)} bytes); one trigger's runs keep at most ${grouped(maxBytesPerTrigger)} ` +
      `(MAX_RUN_VARIABLES_BYTES_PER_TRIGGER). Send smaller variables or fewer dates; nothing was changed.`,
  );
}
