import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/errors.js';
import {
  advanceBackfill,
  cancelBackfill,
  cancellableRuns,
  checkBackfillSettings,
  checkVariablesBudget,
  checkWindowEditable,
  latestRuns,
  pipelineRunLimitOf,
  runStatusCounts,
  runVariables,
  startBackfill,
  startQuota,
  type BackfillRun,
  type BackfillState,
  type BackfillStatus,
} from '../src/orchestration/backfills/state.js';
import { runDatesOf } from '../src/orchestration/backfills/run-dates.js';
import type { RunStatus } from '../src/model/runs.js';

const draft: BackfillState = { id: 7, status: null, started_at: null, completed_at: null, failed_at: null };
const at = (status: BackfillStatus | null): BackfillState => ({ ...draft, status });
const DAY = 86_400_000;
const runs = (...statuses: RunStatus[]): BackfillRun[] => statuses.map((status, i) => ({ id: i + 1, execution_date: i * DAY, status }));
const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return `${error.type}: ${error.message}`;
    throw error;
  }
  return 'no error';
};

describe('starting and cancelling', () => {
  it('starts from a draft, failed or cancelled: initial, started now, outcome times cleared, trigger activated', () => {
    for (const status of [null, 'failed', 'cancelled'] as const) {
      const { state, trigger } = startBackfill({ ...at(status), completed_at: 5, failed_at: 6, block_uuid: null }, 1000);
      expect(state).toEqual({ ...draft, status: 'initial', started_at: 1000, completed_at: null, failed_at: null, block_uuid: null });
      expect(trigger).toBe('activate');
    }
  });

  it('refuses to start one in progress, a completed one, or one by custom code, saying why', () => {
    expect(messageOf(() => startBackfill({ ...at('running'), block_uuid: null }, 1))).toBe(
      'record_invalid: Backfill 7 is already running; cancel it before starting it again.',
    );
    expect(messageOf(() => startBackfill({ ...at('initial'), block_uuid: null }, 1))).toContain('already initial');
    expect(messageOf(() => startBackfill({ ...at('completed'), block_uuid: null }, 1))).toContain('Create a new backfill');
    expect(messageOf(() => startBackfill({ ...draft, block_uuid: 'load' }, 1))).toContain('custom code are not supported');
  });

  it('cancels from initial or running (trigger deactivated); a cancelled one stays; draft and finished ones are refused', () => {
    expect(cancelBackfill(at('initial'))).toEqual({ state: at('cancelled'), trigger: 'deactivate' });
    expect(cancelBackfill(at('running'))).toEqual({ state: at('cancelled'), trigger: 'deactivate' });
    const cancelled = at('cancelled');
    expect(cancelBackfill(cancelled).state).toBe(cancelled);
    expect(messageOf(() => cancelBackfill(draft))).toContain('has not started: there is nothing to cancel');
    expect(messageOf(() => cancelBackfill(at('completed')))).toContain('already completed');
    expect(messageOf(() => cancelBackfill(at('failed')))).toContain('Start it again to retry');
  });

  it('a cancel stops every run in progress, latest or not', () => {
    const all: BackfillRun[] = [
      { id: 1, execution_date: 0, status: 'failed' },
      { id: 2, execution_date: 0, status: 'running' },
      { id: 3, execution_date: DAY, status: 'initial' },
      { id: 4, execution_date: 2 * DAY, status: 'completed' },
    ];
    expect(cancellableRuns(all)).toEqual([2, 3]);
  });
});

describe('following the runs', () => {
  it('initial -> running once a run started; not before', () => {
    expect(advanceBackfill(at('initial'), runs('initial', 'initial'), 5).state.status).toBe('initial');
    expect(advanceBackfill(at('initial'), runs('running', 'initial'), 5)).toEqual({ state: at('running'), trigger: null });
  });

  it('completed when every latest run completed: completed_at now, trigger deactivated', () => {
    expect(advanceBackfill(at('running'), runs('completed', 'running'), 9).state.status).toBe('running');
    expect(advanceBackfill(at('running'), runs('completed', 'completed', 'completed'), 9)).toEqual({
      state: { ...at('completed'), completed_at: 9 },
      trigger: 'deactivate',
    });
  });

  it('failed when a latest run failed, the others going on; a retry that completes them completes it', () => {
    const failed = advanceBackfill(at('running'), runs('failed', 'running'), 9);
    expect(failed).toEqual({ state: { ...at('running'), status: 'failed', failed_at: 9 }, trigger: null });
    expect(advanceBackfill(failed.state, runs('failed', 'completed'), 10).state).toBe(failed.state);
    const retried = advanceBackfill(failed.state, runs('completed', 'completed'), 11);
    expect(retried.state).toMatchObject({ status: 'completed', completed_at: 11, failed_at: 9 });
  });

  it('only the latest run of each date counts: a new set after a failure supersedes the old one', () => {
    const history: BackfillRun[] = [
      { id: 1, execution_date: 0, status: 'failed' },
      { id: 2, execution_date: DAY, status: 'completed' },
      { id: 3, execution_date: 0, status: 'completed' },
      { id: 4, execution_date: DAY, status: 'completed' },
    ];
    expect(latestRuns(history).map((r) => r.id)).toEqual([3, 4]);
    expect(runStatusCounts(history)).toEqual({ completed: 2 });
    expect(advanceBackfill(at('initial'), history, 3).state.status).toBe('completed');
    expect(runStatusCounts([...history, { id: 5, execution_date: 0, status: 'running' }])).toEqual({ completed: 1, running: 1 });
  });

  it('every latest run ended, some cancelled one by one and none failed: cancelled (Mage would stay running)', () => {
    expect(advanceBackfill(at('running'), runs('completed', 'cancelled'), 4)).toEqual({ state: at('cancelled'), trigger: 'deactivate' });
  });

  it('a draft, a completed and a cancelled backfill do not move on their own', () => {
    for (const status of [null, 'completed', 'cancelled'] as const) {
      const state = at(status);
      expect(advanceBackfill(state, runs('failed'), 1).state).toBe(state);
    }
  });

  it('moves only along the machine, whatever the runs say', () => {
    const allowed = new Set([
      'initial>running',
      'initial>completed',
      'initial>failed',
      'initial>cancelled',
      'running>completed',
      'running>failed',
      'running>cancelled',
      'failed>completed',
      'failed>cancelled',
    ]);
    const status = fc.constantFrom<RunStatus>('initial', 'running', 'completed', 'failed', 'cancelled');
    fc.assert(
      fc.property(
        fc.constantFrom<BackfillStatus>('initial', 'running', 'failed'),
        fc.array(fc.record({ date: fc.nat(4), status }), { maxLength: 12 }),
        (from, list) => {
          const history = list.map((r, i) => ({ id: i + 1, execution_date: r.date * DAY, status: r.status }));
          const next = advanceBackfill(at(from), history, 1).state.status;
          if (next !== from) expect(allowed.has(`${from}>${next}`)).toBe(true);
          const latest = latestRuns(history);
          if (next === 'completed') expect(latest.every((r) => r.status === 'completed')).toBe(true);
          const counts = runStatusCounts(history);
          expect(Object.values(counts).reduce<number>((a, b) => a + (b ?? 0), 0)).toBe(new Set(list.map((r) => r.date)).size);
        },
      ),
    );
  });
});

describe('settings, variables and bounds', () => {
  it('pipeline_run_limit is a whole number from 1; other settings are kept as sent', () => {
    expect(checkBackfillSettings({ pipeline_run_limit: 2, note: 'x' })).toEqual({ pipeline_run_limit: 2, note: 'x' });
    expect(checkBackfillSettings(null)).toBeNull();
    expect(messageOf(() => checkBackfillSettings({ pipeline_run_limit: 0 }))).toContain('at least 1 (runs at once), not 0');
    expect(messageOf(() => checkBackfillSettings({ pipeline_run_limit: '2' }))).toContain('not "2"');
    expect(messageOf(() => checkBackfillSettings([1]))).toContain('settings must be an object');
    expect(pipelineRunLimitOf({ pipeline_run_limit: 3 })).toBe(3);
    expect(pipelineRunLimitOf(null)).toBeNull();
  });

  it('the limit leaves room for as many runs as are free', () => {
    expect(startQuota(2, 0, 5)).toBe(2);
    expect(startQuota(2, 1, 5)).toBe(1);
    expect(startQuota(2, 3, 5)).toBe(0);
    expect(startQuota(null, 9, 5)).toBe(5);
  });

  it("each run's variables are the backfill's with its date's on top", () => {
    const date = runDatesOf({
      start_datetime: Date.UTC(2026, 10, 1),
      end_datetime: Date.UTC(2026, 10, 1),
      interval_type: 'day',
      interval_units: 1,
    }).variablesAt(0);
    expect(runVariables({ region: 'eu', ds: 'mine' }, date)).toMatchObject({ region: 'eu', ds: '2026-11-01', hr: '00' });
    expect(runVariables(null, date)).toEqual(date);
  });

  it('dates are fixed once started; other settings are not', () => {
    expect(() => checkWindowEditable(draft, ['start_datetime'])).not.toThrow();
    expect(() => checkWindowEditable(at('failed'), ['name', 'settings', 'variables'])).not.toThrow();
    expect(messageOf(() => checkWindowEditable(at('failed'), ['interval_units']))).toContain('its dates cannot change');
  });

  it("refuses a start whose runs' variables would not fit one trigger's share of the store", () => {
    expect(() => checkVariablesBudget(1000, 8000, 8 * 1024 * 1024)).not.toThrow();
    expect(messageOf(() => checkVariablesBudget(1000, 9000, 8 * 1024 * 1024))).toBe(
      "api_resource_error: Starting this backfill would store 1,000 runs with about 9,000 bytes of variables each (9,000,000 bytes); one trigger's runs keep at most 8,388,608 (MAX_RUN_VARIABLES_BYTES_PER_TRIGGER). Send smaller variables or fewer dates; nothing was changed.",
    );
    expect(() => checkVariablesBudget(1000, 9000, 0)).not.toThrow();
  });
});
