import { describe, expect, it } from 'vitest';
import { createApi } from '../src/api.js';
import { unverifiedTokenClaim } from '../src/auth/jwt.js';
import { defaultConfig } from '../src/config.js';
import { schedulesTable } from '../src/model/triggers.js';

const START = Date.UTC(2026, 10, 26, 12);
type Body = Record<string, any>;

/** An API on a fast clock: `advance(ms)` runs a scheduler tick every 250 ms of it. */
async function setup(options: { requireUserAuthentication?: boolean; runs?: Partial<typeof defaultConfig.runs> } = {}) {
  let now = START;
  const api = await createApi({
    config: {
      requireUserAuthentication: options.requireUserAuthentication ?? false,
      bcryptRounds: 4,
      simulatedBlockDurationMs: 1000,
      runs: { ...defaultConfig.runs, ...options.runs },
    },
    clock: { now: () => now },
  });
  const headers: Record<string, string> = { 'x-api-key': api.config.apiKey };
  const call = async (method: string, path: string, body?: unknown, query: Record<string, string> = {}, extra: Record<string, string> = {}) => {
    const outcome = await api.core.dispatch({ method, path, query, headers: { ...headers, ...extra }, body });
    const reply = outcome.body as Body;
    expect(reply.error?.type, `${method} ${path}: ${JSON.stringify(reply.error)}`).not.toBe('internal_error');
    return reply;
  };
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 250) api.tick((now += 250));
  };
  return { api, call, advance, headers };
}

/** A one-block pipeline (its block fails when told) and a draft backfill over `days` days of November. */
async function pipelineWithBackfill(call: Awaited<ReturnType<typeof setup>>['call'], options: { days?: number; fail?: boolean; name?: string } = {}) {
  const name = options.name ?? 'bf';
  await call('POST', '/api/pipelines', { pipeline: { name } });
  const simulation = options.fail ? { outcome: 'fail', duration_ms: 500 } : { duration_ms: 500 };
  await call('POST', `/api/pipelines/${name}/blocks`, { block: { name: `${name}_load`, type: 'data_loader', configuration: { simulation } } });
  const created = (await call('POST', `/api/pipelines/${name}/backfills`, { backfill: { name: 'november' } })).backfill;
  const end = `2026-11-${String(options.days ?? 3).padStart(2, '0')} 00:00:00`;
  const updated = await call('PUT', `/api/backfills/${created.id}`, {
    backfill: { start_datetime: '2026-11-01 00:00:00', end_datetime: end, interval_type: 'day', interval_units: 1 },
  });
  return updated.backfill as Body;
}

const runsOf = async (call: Awaited<ReturnType<typeof setup>>['call'], id: number, query: Record<string, string> = {}) =>
  (await call('GET', '/api/pipeline_runs', undefined, { backfill_id: String(id), _limit: '1000', ...query })).pipeline_runs as Body[];

describe('a backfill over three days of a one-block pipeline', () => {
  it('starts as a draft, makes one run per day tagged with it on its @once trigger, and completes', async () => {
    const { api, call, advance } = await setup();
    const draft = await pipelineWithBackfill(call);
    expect(draft).toMatchObject({ status: null, pipeline_schedule_id: null, start_datetime: '2026-11-01 00:00:00', end_datetime: '2026-11-03 00:00:00' });
    const preview = (await call('GET', `/api/backfills/${draft.id}`, undefined, { include_preview_runs: 'true', include_run_count: 'true' })).backfill;
    expect(preview.total_run_count).toBe(3);
    expect(preview.pipeline_run_dates.map((d: Body) => d.ds)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(await runsOf(call, draft.id)).toEqual([]);

    const started = (await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'initial' } })).backfill;
    expect(started.status).toBe('initial');
    expect(started.started_at).not.toBeNull();
    const trigger = schedulesTable.in(api.repo).get(started.pipeline_schedule_id)!;
    expect(trigger).toMatchObject({ name: 'Backfill november', schedule_type: null, schedule_interval: '@once', status: 'active' });
    const runs = await runsOf(call, draft.id);
    expect(runs.map((r) => r.backfill_id)).toEqual([draft.id, draft.id, draft.id]);
    expect(runs.map((r) => r.execution_date.slice(0, 10)).sort()).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    // Exactly the date's variables (Mage adds no execution_partition to a backfill's runs).
    const first = runs.find((r) => r.execution_date.startsWith('2026-11-01'))!;
    expect(first.variables).toEqual({
      ds: '2026-11-01',
      execution_date: '2026-11-01T00:00:00',
      hr: '00',
      interval_end_datetime: '2026-11-02T00:00:00',
      interval_seconds: 86400,
      interval_start_datetime: '2026-11-01T00:00:00',
      interval_start_datetime_previous: '2026-10-31T00:00:00',
    });

    advance(500);
    expect((await call('GET', `/api/backfills/${draft.id}`)).backfill.status).toBe('running');
    advance(5000);
    const done = (await call('GET', `/api/backfills/${draft.id}`, undefined, { include_run_count: 'true' })).backfill;
    expect(done).toMatchObject({ status: 'completed', total_run_count: 3, run_status_counts: { completed: 3 } });
    expect(done.completed_at).not.toBeNull();
    expect(schedulesTable.in(api.repo).get(started.pipeline_schedule_id)!.status).toBe('inactive');
    // Nothing more is made: the trigger is never fired by the scheduler.
    advance(120_000);
    expect(await runsOf(call, draft.id)).toHaveLength(3);
    expect((await call('GET', `/api/pipeline_schedules/${started.pipeline_schedule_id}/pipeline_runs`)).pipeline_runs).toHaveLength(3);
  });

  it('a completed backfill is not started again, and the window of a started one cannot change', async () => {
    const { call, advance } = await setup();
    const draft = await pipelineWithBackfill(call);
    await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'initial' } });
    const moved = await call('PUT', `/api/backfills/${draft.id}`, { backfill: { end_datetime: '2026-11-09 00:00:00' } });
    expect(moved.error).toMatchObject({ type: 'record_invalid' });
    advance(6000);
    const again = await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'initial' } });
    expect(again.error.message).toMatch(/completed.*Create a new backfill/);
    expect(await runsOf(call, draft.id)).toHaveLength(3);
  });
});

describe('variables and names', () => {
  it("each run gets the backfill's variables under its date's (the date's win); a rename renames its trigger", async () => {
    const { api, call } = await setup();
    const draft = await pipelineWithBackfill(call);
    const started = (await call('PUT', `/api/backfills/${draft.id}`, { backfill: { variables: { region: 'eu', ds: 'overridden' }, status: 'initial' } }))
      .backfill;
    const runs = await runsOf(call, draft.id);
    expect(runs.map((r) => [r.variables.region, r.variables.ds]).sort()).toEqual([
      ['eu', '2026-11-01'],
      ['eu', '2026-11-02'],
      ['eu', '2026-11-03'],
    ]);
    await call('PUT', `/api/backfills/${draft.id}`, { backfill: { name: 'renamed' } });
    expect(schedulesTable.in(api.repo).get(started.pipeline_schedule_id)!.name).toBe('Backfill renamed');
  });
});

describe('pipeline_run_limit', () => {
  it('keeps at most that many of its runs in progress; the rest wait initial, and start earliest date first', async () => {
    const { call, advance } = await setup();
    const draft = await pipelineWithBackfill(call, { days: 5 });
    await call('PUT', `/api/backfills/${draft.id}`, { backfill: { settings: { pipeline_run_limit: 2 }, status: 'initial' } });
    let maxRunning = 0;
    for (let step = 0; step < 60; step++) {
      advance(250);
      const runs = await runsOf(call, draft.id);
      maxRunning = Math.max(maxRunning, runs.filter((r) => r.status === 'running').length);
    }
    expect(maxRunning).toBe(2);
    // An earlier date never started after a later one.
    const runs = (await runsOf(call, draft.id)).sort((a, b) => (a.execution_date < b.execution_date ? -1 : 1));
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.started_at >= runs[i - 1]!.started_at).toBe(true);
    expect(new Set(runs.map((r) => r.started_at)).size).toBeGreaterThan(2);
    expect((await call('GET', `/api/backfills/${draft.id}`)).backfill.status).toBe('completed');
  });

  it('is not held by the waiting-runs cap of a trigger: a backfill makes more runs than MAX_WAITING_RUNS_PER_TRIGGER', async () => {
    const { call } = await setup({ runs: { maxWaitingPerTrigger: 2 } });
    const draft = await pipelineWithBackfill(call, { days: 6 });
    const started = await call('PUT', `/api/backfills/${draft.id}`, { backfill: { settings: { pipeline_run_limit: 1 }, status: 'initial' } });
    expect(started.error).toBeUndefined();
    expect(await runsOf(call, draft.id)).toHaveLength(6);
  });
});

describe('cancel, and starting again', () => {
  it('cancel cancels its unfinished runs and deactivates its trigger', async () => {
    const { api, call, advance } = await setup();
    const draft = await pipelineWithBackfill(call, { days: 4 });
    await call('PUT', `/api/backfills/${draft.id}`, { backfill: { settings: { pipeline_run_limit: 1 }, status: 'initial' } });
    advance(1000);
    const cancelled = (await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'cancelled' } })).backfill;
    expect(cancelled.status).toBe('cancelled');
    const runs = await runsOf(call, draft.id);
    expect(runs.every((r) => r.status === 'completed' || r.status === 'cancelled')).toBe(true);
    expect(runs.filter((r) => r.status === 'cancelled').length).toBeGreaterThan(0);
    expect(schedulesTable.in(api.repo).get(cancelled.pipeline_schedule_id)!.status).toBe('inactive');
    advance(10_000);
    expect((await runsOf(call, draft.id)).filter((r) => r.status === 'running' || r.status === 'initial')).toEqual([]);
    // A draft has nothing to cancel.
    const other = (await call('POST', '/api/pipelines/bf/backfills', { backfill: { name: 'draft' } })).backfill;
    expect((await call('PUT', `/api/backfills/${other.id}`, { backfill: { status: 'cancelled' } })).error.message).toMatch(/has not started/);
  });

  it('after a failure, starting again makes a new set of runs on the same trigger; the latest run of each date counts', async () => {
    const { call, advance } = await setup();
    const draft = await pipelineWithBackfill(call, { fail: true });
    const first = (await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'initial' } })).backfill;
    advance(5000);
    const failed = (await call('GET', `/api/backfills/${draft.id}`, undefined, { include_run_count: 'true' })).backfill;
    expect(failed).toMatchObject({ status: 'failed', run_status_counts: { failed: 3 } });
    expect(failed.failed_at).not.toBeNull();
    // Fix the block, start again.
    await call('PUT', '/api/pipelines/bf/blocks/bf_load', { block: { configuration: { simulation: { duration_ms: 500 } } } });
    const second = (await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'initial' } })).backfill;
    expect(second.pipeline_schedule_id).toBe(first.pipeline_schedule_id);
    expect(await runsOf(call, draft.id)).toHaveLength(6);
    advance(5000);
    const done = (await call('GET', `/api/backfills/${draft.id}`, undefined, { include_run_count: 'true' })).backfill;
    expect(done).toMatchObject({ status: 'completed', run_status_counts: { completed: 3 }, failed_at: null });
    expect(await runsOf(call, draft.id, { status: 'failed' })).toHaveLength(3);
  });
});

describe("the pipeline's bulk actions", () => {
  it('cancelling the pipeline’s runs ends its backfill cancelled; a retried run of a backfill stays its own', async () => {
    const { call, advance } = await setup();
    const draft = await pipelineWithBackfill(call, { fail: true });
    await call('PUT', `/api/backfills/${draft.id}`, { backfill: { settings: { pipeline_run_limit: 1 }, status: 'initial' } });
    advance(1000);
    expect((await call('GET', `/api/backfills/${draft.id}`)).backfill.status).toBe('failed');
    await call('PUT', '/api/pipelines/bf', { pipeline: { status: 'cancelled' } });
    const runs = await runsOf(call, draft.id);
    expect(runs.filter((r) => r.status === 'initial' || r.status === 'running')).toEqual([]);
    const failed = runs.find((r) => r.status === 'failed')!;
    await call('PUT', '/api/pipelines/bf', { pipeline: { status: 'retry', pipeline_runs: [{ id: failed.id }] } });
    const after = await runsOf(call, draft.id);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ backfill_id: draft.id, execution_date: failed.execution_date });

    const other = await pipelineWithBackfill(call, { name: 'other' });
    await call('PUT', `/api/backfills/${other.id}`, { backfill: { settings: { pipeline_run_limit: 1 }, status: 'initial' } });
    advance(250);
    await call('PUT', '/api/pipelines/other', { pipeline: { status: 'cancelled' } });
    expect((await call('GET', `/api/backfills/${other.id}`)).backfill.status).toBe('cancelled');
  });
});

describe('delete', () => {
  it('deletes its runs and its trigger', async () => {
    const { api, call, advance } = await setup();
    const draft = await pipelineWithBackfill(call);
    const started = (await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'initial' } })).backfill;
    advance(500);
    const ids = (await runsOf(call, draft.id)).map((r) => r.id);
    expect(ids).toHaveLength(3);
    await call('DELETE', `/api/backfills/${draft.id}`);
    expect((await call('GET', `/api/backfills/${draft.id}`)).error.type).toBe('record_not_found');
    for (const id of ids) expect((await call('GET', `/api/pipeline_runs/${id}`)).error.type).toBe('record_not_found');
    expect(schedulesTable.in(api.repo).get(started.pipeline_schedule_id)).toBeUndefined();
    advance(5000);
  });

  it('a deleted pipeline takes its backfills with it', async () => {
    const { call } = await setup();
    const draft = await pipelineWithBackfill(call);
    await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'initial' } });
    await call('DELETE', '/api/pipelines/bf');
    expect((await call('GET', `/api/backfills/${draft.id}`)).error.type).toBe('record_not_found');
    expect(await runsOf(call, draft.id)).toEqual([]);
  });
});

describe('bounds', () => {
  it('ten years of seconds is refused with the count, the cap and what would fit; nothing is made', async () => {
    const { call } = await setup();
    const draft = await pipelineWithBackfill(call);
    const reply = await call('PUT', `/api/backfills/${draft.id}`, {
      backfill: { start_datetime: '2016-01-01 00:00:00', end_datetime: '2026-01-01 00:00:00', interval_type: 'second', interval_units: 1, status: 'initial' },
    });
    expect(reply.error).toMatchObject({ type: 'record_invalid' });
    expect(reply.error.message).toContain('315,619,201 runs');
    expect(reply.error.message).toContain('at most 1,000');
    // All or nothing: the window sent with the start was not stored either.
    const stored = (await call('GET', `/api/backfills/${draft.id}`)).backfill;
    expect(stored).toMatchObject({ status: null, start_datetime: '2026-11-01 00:00:00', pipeline_schedule_id: null });
    expect(await runsOf(call, draft.id)).toEqual([]);
  });

  it('the cap follows a lower MAX_FINISHED_RUNS_PER_TRIGGER, so retention never deletes a backfill’s own runs', async () => {
    const { call } = await setup({ runs: { maxFinishedPerTrigger: 2 } });
    const draft = await pipelineWithBackfill(call);
    const reply = await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'initial' } });
    expect(reply.error.message).toContain('at most 2');
  });

  it('a start without a window says which settings are missing', async () => {
    const { call } = await setup();
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    const draft = (await call('POST', '/api/pipelines/p/backfills', { backfill: { name: 'x' } })).backfill;
    const reply = await call('PUT', `/api/backfills/${draft.id}`, { backfill: { status: 'initial' } });
    expect(reply.error.errors.map((e: Body) => e.path)).toEqual([
      'backfill.start_datetime',
      'backfill.end_datetime',
      'backfill.interval_type',
      'backfill.interval_units',
    ]);
  });

  it('only the name is written on create (Mage’s policy)', async () => {
    const { call } = await setup();
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    const reply = await call('POST', '/api/pipelines/p/backfills', { backfill: { name: 'x', interval_type: 'day' } });
    expect(reply.error).toBeDefined();
    expect(JSON.stringify(reply.error)).toContain('interval_type');
  });
});

describe('lists', () => {
  it('newest first, by pipeline, with run counts on request; the nested list answers its pipeline’s, and 404 for a missing one', async () => {
    const { call } = await setup();
    await pipelineWithBackfill(call, { name: 'a' });
    await pipelineWithBackfill(call, { name: 'b' });
    const second = (await call('POST', '/api/pipelines/a/backfills', { backfill: { name: 'december' } })).backfill;
    const all = await call('GET', '/api/backfills');
    expect(all.backfills.map((b: Body) => b.pipeline_uuid)).toEqual(['a', 'b', 'a']);
    expect(all.backfills[0].id).toBe(second.id);
    expect(all.backfills[0].total_run_count).toBeUndefined();
    const ofA = await call('GET', '/api/backfills', undefined, { pipeline_uuid: 'a', include_run_count: 'true' });
    expect(ofA.metadata.count).toBe(2);
    expect(ofA.backfills.map((b: Body) => b.name)).toEqual(['december', 'november']);
    expect(ofA.backfills[1].total_run_count).toBe(3);
    const page = await call('GET', '/api/backfills', undefined, { _limit: '1', _offset: '1' });
    expect(page.backfills.map((b: Body) => b.pipeline_uuid)).toEqual(['b']);
    expect(page.metadata).toMatchObject({ count: 3, next: true });
    expect((await call('GET', '/api/pipelines/b/backfills')).backfills.map((b: Body) => b.pipeline_uuid)).toEqual(['b']);
    expect((await call('GET', '/api/pipelines/missing/backfills')).error.type).toBe('record_not_found');
  });

  it('the run list filters by backfill_id, with the other filters', async () => {
    const { call, advance } = await setup();
    const a = await pipelineWithBackfill(call, { name: 'a' });
    const b = await pipelineWithBackfill(call, { name: 'b' });
    await call('PUT', `/api/backfills/${a.id}`, { backfill: { status: 'initial', settings: { pipeline_run_limit: 1 } } });
    await call('PUT', `/api/backfills/${b.id}`, { backfill: { status: 'initial' } });
    advance(750);
    expect((await runsOf(call, a.id)).every((r) => r.backfill_id === a.id)).toBe(true);
    expect(await runsOf(call, a.id, { pipeline_uuid: 'b' })).toEqual([]);
    expect((await runsOf(call, a.id, { status: 'initial' })).length).toBe(2);
    const plain = await call('GET', '/api/pipeline_runs', undefined, { backfill_id: 'x' });
    expect(plain.error.type).toBe('api_resource_error');
    expect(JSON.stringify(plain.error)).toContain('backfill_id');
  });
});

describe('policies', () => {
  it('viewers read, editors write', async () => {
    const { call, headers } = await setup({ requireUserAuthentication: true });
    const login = async (email: string, password: string) => {
      const reply = await call('POST', '/api/sessions', { session: { email, password } });
      return { 'oauth-token': String(await unverifiedTokenClaim(reply.session.token)) };
    };
    const owner = await login(...(['admin@admin.com', 'admin'] as const));
    const as = (who: Record<string, string>) => (method: string, path: string, body?: unknown) => call(method, path, body, {}, who);
    const asOwner = as(owner);
    for (const [role, id] of [
      ['viewer', 4],
      ['editor', 3],
    ] as const) {
      await asOwner('POST', '/api/users', { user: { email: `${role}@x.io`, password: 'password1', password_confirmation: 'password1', roles_new: [id] } });
    }
    const asViewer = as(await login('viewer@x.io', 'password1'));
    const asEditor = as(await login('editor@x.io', 'password1'));
    await asOwner('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    expect((await asViewer('POST', '/api/pipelines/p/backfills', { backfill: { name: 'x' } })).error.type).toBe('unauthorized_access');
    const made = (await asEditor('POST', '/api/pipelines/p/backfills', { backfill: { name: 'x' } })).backfill;
    expect((await asViewer('GET', `/api/backfills/${made.id}`)).backfill.name).toBe('x');
    expect((await asViewer('GET', '/api/backfills')).backfills).toHaveLength(1);
    expect((await asViewer('PUT', `/api/backfills/${made.id}`, { backfill: { name: 'y' } })).error.type).toBe('unauthorized_access');
    expect((await asViewer('DELETE', `/api/backfills/${made.id}`)).error.type).toBe('unauthorized_access');
    expect((await asEditor('PUT', `/api/backfills/${made.id}`, { backfill: { name: 'y' } })).backfill.name).toBe('y');
    expect((await asEditor('DELETE', `/api/backfills/${made.id}`)).backfill.id).toBe(made.id);
    expect(headers['x-api-key']).toBeDefined();
  });
});
