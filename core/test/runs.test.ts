import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './harness.js';
import { runViolations } from './run-invariants.js';

/** A clock the test moves; the scheduler ticks only when the test says (server.tick). */
class TestClock {
  constructor(public ms = Date.UTC(2026, 0, 1, 10, 30)) {}
  now = () => this.ms;
}

describe('triggers, runs and block runs', () => {
  let server: TestApi;
  let token: string;
  const clock = new TestClock();
  const call = (method: string, path: string, body?: unknown, query?: Record<string, string | string[]>) => server.call(method, path, { token, body, query });
  /** Moves the clock in scheduler ticks of `step` ms, ticking at each. */
  const advance = (ms: number, step = 1000) => {
    for (let t = 0; t < ms; t += step) {
      clock.ms += step;
      server.tick();
    }
  };
  let n = 0;
  /** A pipeline a -> b -> c plus d (independent), with per-block simulation settings. */
  async function pipeline(sim: Record<string, Record<string, unknown>> = {}) {
    const name = `p${++n}`;
    await call('POST', '/api/pipelines', { pipeline: { name } });
    const add = (block: string, upstream: string[]) =>
      call('POST', `/api/pipelines/${name}/blocks`, {
        block: { name: block, type: 'transformer', upstream_blocks: upstream, configuration: sim[block] ? { simulation: sim[block] } : {} },
      });
    await add(`${name}_a`, []);
    await add(`${name}_b`, [`${name}_a`]);
    await add(`${name}_c`, [`${name}_b`]);
    await add(`${name}_d`, []);
    return name;
  }
  async function trigger(pipelineUuid: string, fields: Record<string, unknown> = {}) {
    const reply = await call('POST', `/api/pipelines/${pipelineUuid}/pipeline_schedules`, {
      pipeline_schedule: { name: 'nightly', schedule_type: 'api', status: 'active', ...fields },
    });
    expect(reply.body.pipeline_schedule, JSON.stringify(reply.body)).toBeDefined();
    return reply.body.pipeline_schedule;
  }
  const runNow = async (scheduleId: number) =>
    (await call('POST', `/api/pipeline_schedules/${scheduleId}/pipeline_runs`, { pipeline_run: {} })).body.pipeline_run;
  const read = async (id: number) => (await call('GET', `/api/pipeline_runs/${id}`)).body.pipeline_run;
  const statuses = (run: any) => Object.fromEntries(run.block_runs.map((b: any) => [b.block_uuid.replace(/^p\d+_/, ''), b.status]));

  beforeAll(async () => {
    ({ server, token } = await TestApi.startLoggedIn({ clock }));
  });
  afterAll(async () => {
    expect(runViolations(server.repo)).toEqual([]);
    await server.close();
  });

  it('creates triggers inactive by default, with a 32-hex token and integer id', async () => {
    const p = await pipeline();
    const reply = await call('POST', `/api/pipelines/${p}/pipeline_schedules`, { pipeline_schedule: { name: 't' } });
    const s = reply.body.pipeline_schedule;
    expect(s.status).toBe('inactive');
    expect(s.token).toMatch(/^[0-9a-f]{32}$/);
    expect(Number.isInteger(s.id)).toBe(true);
    const list = await call('GET', '/api/pipeline_schedules');
    expect(list.body.pipeline_schedules.find((x: any) => x.id === s.id).pipeline_runs_count).toBeNull();
  });

  it('refuses an invalid cron expression with record_invalid on the attribute', async () => {
    const p = await pipeline();
    const reply = await call('POST', `/api/pipelines/${p}/pipeline_schedules`, {
      pipeline_schedule: { name: 't', schedule_type: 'time', schedule_interval: '61 * * * *' },
    });
    expect(reply.body.error.type).toBe('record_invalid');
    expect(reply.body.error.errors[0].path).toBe('pipeline_schedule.schedule_interval');
    const ok = await call('POST', `/api/pipelines/${p}/pipeline_schedules`, {
      pipeline_schedule: { name: 't', schedule_type: 'time', schedule_interval: '*/5 * * * *' },
    });
    expect(ok.body.pipeline_schedule.schedule_interval).toBe('*/5 * * * *');
  });

  it('runs a trigger to completion, block runs walking initial -> queued -> running -> completed in order', async () => {
    const p = await pipeline();
    const s = await trigger(p);
    const run = await runNow(s.id);
    expect(run.status).toBe('initial');
    advance(1000);
    let now = await read(run.id);
    expect(now.status).toBe('running');
    expect(statuses(now)).toEqual({ a: 'queued', b: 'initial', c: 'initial', d: 'queued' });
    advance(1000);
    expect(statuses(await read(run.id))).toEqual({ a: 'running', b: 'initial', c: 'initial', d: 'running' });
    advance(10_000);
    now = await read(run.id);
    expect(now.status).toBe('completed');
    expect(Object.values(statuses(now))).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(now.completed_at >= now.started_at).toBe(true);
  });

  it('fails a run when a block fails: upstream_failed below it, the other branch cancelled', async () => {
    const p = await pipeline({ [`p${n + 1}_b`]: { outcome: 'fail' }, [`p${n + 1}_d`]: { duration_ms: 60_000 } });
    const s = await trigger(p);
    const run = await runNow(s.id);
    advance(10_000);
    const done = await read(run.id);
    expect(done.status).toBe('failed');
    expect(statuses(done)).toEqual({ a: 'completed', b: 'failed', c: 'upstream_failed', d: 'cancelled' });
    expect(done.block_runs.find((b: any) => b.status === 'failed').metrics.error).toMatch(/Simulated failure/);
  });

  it('with allow_blocks_to_fail, the other branch completes and the run still fails', async () => {
    const p = await pipeline({ [`p${n + 1}_b`]: { outcome: 'fail' } });
    const s = await trigger(p, { settings: { allow_blocks_to_fail: true } });
    const run = await runNow(s.id);
    advance(12_000);
    const done = await read(run.id);
    expect(statuses(done)).toEqual({ a: 'completed', b: 'failed', c: 'upstream_failed', d: 'completed' });
    expect(done.status).toBe('failed');
  });

  it('condition_false: the block and its downstream are condition_failed and the run completes', async () => {
    const p = await pipeline({ [`p${n + 1}_b`]: { outcome: 'condition_false' } });
    const s = await trigger(p);
    const run = await runNow(s.id);
    advance(12_000);
    const done = await read(run.id);
    expect(statuses(done)).toEqual({ a: 'completed', b: 'condition_failed', c: 'condition_failed', d: 'completed' });
    expect(done.status).toBe('completed');
  });

  it('cancels a running run; cancelling again changes nothing; a finished run cannot be cancelled', async () => {
    const p = await pipeline();
    const s = await trigger(p);
    const run = await runNow(s.id);
    advance(3000);
    const cancelled = await call('PUT', `/api/pipeline_runs/${run.id}`, { pipeline_run: { status: 'cancelled' } });
    expect(cancelled.body.pipeline_run.status).toBe('cancelled');
    expect(Object.values(statuses(await read(run.id))).every((x) => x === 'cancelled' || x === 'completed')).toBe(true);
    advance(10_000);
    expect((await read(run.id)).status).toBe('cancelled');
    expect((await call('PUT', `/api/pipeline_runs/${run.id}`, { pipeline_run: { status: 'cancelled' } })).body.pipeline_run.status).toBe('cancelled');
    const other = await runNow(s.id);
    advance(12_000);
    const refused = await call('PUT', `/api/pipeline_runs/${other.id}`, { pipeline_run: { status: 'cancelled' } });
    expect(refused.body.error.type).toBe('record_invalid');
    expect(refused.body.error.message).toMatch(/already completed/);
  });

  it('refuses unknown run actions and statuses with a clear 400', async () => {
    const p = await pipeline();
    const run = await runNow((await trigger(p)).id);
    for (const body of [{ status: 'completed' }, { pipeline_run_action: 'explode' }, {}, { status: 'cancelled', pipeline_run_action: 'retry_blocks' }]) {
      const reply = await call('PUT', `/api/pipeline_runs/${run.id}`, { pipeline_run: body });
      expect(reply.body.error?.type, JSON.stringify(body)).toBe('record_invalid');
    }
  });

  it('retries from a block: that block and its descendants run again, the rest stay completed', async () => {
    const p = await pipeline({ [`p${n + 1}_b`]: { outcome: 'fail' }, [`p${n + 1}_d`]: { duration_ms: 60_000 } });
    const s = await trigger(p);
    const run = await runNow(s.id);
    advance(12_000);
    expect((await read(run.id)).status).toBe('failed');
    // Fix the block, then retry from it.
    await call('PUT', `/api/pipelines/${p}/blocks/${p}_b`, { block: { configuration: {} } });
    const retried = await call('PUT', `/api/pipeline_runs/${run.id}`, { pipeline_run: { pipeline_run_action: 'retry_blocks', from_block_uuid: `${p}_b` } });
    expect(retried.body.pipeline_run.status).toBe('running');
    const after = await read(run.id);
    expect(statuses(after)).toEqual({ a: 'completed', b: 'initial', c: 'initial', d: 'cancelled' });
    advance(12_000);
    const done = await read(run.id);
    expect(statuses(done)).toEqual({ a: 'completed', b: 'completed', c: 'completed', d: 'cancelled' });
    expect(done.status).toBe('failed');
    // Retrying the unfinished blocks (d) completes it.
    await call('PUT', `/api/pipeline_runs/${run.id}`, { pipeline_run: { pipeline_run_action: 'retry_blocks' } });
    advance(70_000);
    expect((await read(run.id)).status).toBe('completed');
    const unknown = await call('PUT', `/api/pipeline_runs/${run.id}`, { pipeline_run: { pipeline_run_action: 'retry_blocks', from_block_uuid: 'ghost' } });
    expect(unknown.body.error.type).toBe('record_invalid');
  });

  it('starts only active triggers’ runs', async () => {
    const p = await pipeline();
    const s = await trigger(p, { status: 'inactive' });
    const run = await runNow(s.id);
    advance(5000);
    expect((await read(run.id)).status).toBe('initial');
    await call('PUT', `/api/pipeline_schedules/${s.id}`, { pipeline_schedule: { status: 'active' } });
    advance(12_000);
    expect((await read(run.id)).status).toBe('completed');
  });

  it('fires a time trigger once per execution date, from start_time', async () => {
    const p = await pipeline();
    const start = new Date(clock.ms + 30 * 60_000).toISOString();
    const s = await trigger(p, { schedule_type: 'time', schedule_interval: '@hourly', start_time: start, settings: { create_initial_pipeline_run: true } });
    advance(20 * 60_000, 60_000);
    expect((await call('GET', `/api/pipeline_schedules/${s.id}/pipeline_runs`)).body.metadata.count).toBe(0);
    // The first execution date at or after start_time is the next full hour.
    advance(100 * 60_000, 60_000);
    const runs = (await call('GET', `/api/pipeline_schedules/${s.id}/pipeline_runs`)).body.pipeline_runs;
    expect(runs.length).toBe(1);
    expect(runs[0].execution_date.slice(14, 19)).toBe('00:00');
    advance(60 * 60_000, 60_000);
    const later = (await call('GET', `/api/pipeline_schedules/${s.id}/pipeline_runs`)).body.pipeline_runs;
    expect(later.length).toBe(2);
    expect(new Set(later.map((r: any) => r.execution_date)).size).toBe(2);
    await call('PUT', `/api/pipeline_schedules/${s.id}`, { pipeline_schedule: { status: 'inactive' } });
  });

  it('@once fires once and goes inactive when its run completes; @always_on keeps one run going; cron fires on its times; sla marks late runs', async () => {
    const p = await pipeline();
    const once = await trigger(p, { schedule_type: 'time', schedule_interval: '@once' });
    advance(15_000);
    const onceRuns = (await call('GET', `/api/pipeline_schedules/${once.id}/pipeline_runs`)).body.pipeline_runs;
    expect(onceRuns.map((r: any) => r.status)).toEqual(['completed']);
    expect((await call('GET', `/api/pipeline_schedules/${once.id}`)).body.pipeline_schedule.status).toBe('inactive');

    const q = await pipeline();
    const always = await trigger(q, { schedule_type: 'time', schedule_interval: '@always_on', sla: 1 });
    advance(30_000);
    const alwaysRuns = (await call('GET', `/api/pipeline_schedules/${always.id}/pipeline_runs`)).body.pipeline_runs;
    expect(alwaysRuns.length).toBeGreaterThan(1);
    expect(alwaysRuns.filter((r: any) => r.status === 'initial' || r.status === 'running').length).toBeLessThanOrEqual(1);
    expect(alwaysRuns.filter((r: any) => r.status === 'completed').every((r: any) => r.passed_sla === true)).toBe(true);
    await call('PUT', `/api/pipeline_schedules/${always.id}`, { pipeline_schedule: { status: 'inactive' } });

    const c = await pipeline();
    const cron = await trigger(c, { schedule_type: 'time', schedule_interval: '*/10 * * * *', settings: { create_initial_pipeline_run: true } });
    advance(30 * 60_000, 60_000);
    const cronRuns = (await call('GET', `/api/pipeline_schedules/${cron.id}/pipeline_runs`)).body.pipeline_runs;
    expect(cronRuns.length).toBeGreaterThanOrEqual(3);
    expect(cronRuns.every((r: any) => Number(r.execution_date.slice(14, 16)) % 10 === 0)).toBe(true);
    expect(new Set(cronRuns.map((r: any) => r.execution_date)).size).toBe(cronRuns.length);
    const detail = (await call('GET', `/api/pipeline_schedules/${cron.id}`)).body.pipeline_schedule;
    expect(Number(detail.next_pipeline_run_date.slice(14, 16)) % 10).toBe(0);
    await call('PUT', `/api/pipeline_schedules/${cron.id}`, { pipeline_schedule: { status: 'inactive' } });
  });

  it('pipeline_run_limit holds runs initial; skip_if_previous_running cancels the new one', async () => {
    const p = await pipeline();
    const s = await trigger(p, { settings: { pipeline_run_limit: 1 } });
    const first = await runNow(s.id);
    const second = await runNow(s.id);
    advance(2000);
    expect((await read(first.id)).status).toBe('running');
    expect((await read(second.id)).status).toBe('initial');
    advance(20_000);
    expect((await read(second.id)).status).toBe('completed');

    const q = await pipeline();
    const skipper = await trigger(q, {
      schedule_type: 'time',
      schedule_interval: '* * * * *',
      settings: { skip_if_previous_running: true, create_initial_pipeline_run: true },
    });
    await call('PUT', `/api/pipelines/${q}/blocks/${q}_a`, { block: { configuration: { simulation: { duration_ms: 150_000 } } } });
    advance(3 * 60_000, 1000);
    const runs = (await call('GET', `/api/pipeline_schedules/${skipper.id}/pipeline_runs`)).body.pipeline_runs;
    expect(runs.filter((r: any) => r.status === 'cancelled').length).toBeGreaterThan(0);
    await call('PUT', `/api/pipeline_schedules/${skipper.id}`, { pipeline_schedule: { status: 'inactive' } });
  });

  it('times a run out with timeout_status', async () => {
    const p = await pipeline({ [`p${n + 1}_a`]: { duration_ms: 100_000 } });
    const s = await trigger(p, { settings: { timeout: 5, timeout_status: 'cancelled' } });
    const run = await runNow(s.id);
    advance(8000);
    const done = await read(run.id);
    expect(done.status).toBe('cancelled');
    expect(done.metrics.timed_out).toBe(true);
  });

  it('lists runs by pipeline_uuid and every status[] value, newest first', async () => {
    const p = await pipeline({ [`p${n + 1}_a`]: { outcome: 'fail' } });
    const s = await trigger(p);
    const a = await runNow(s.id);
    advance(10_000);
    const b = await runNow(s.id);
    const reply = await call('GET', '/api/pipeline_runs', undefined, { pipeline_uuid: p, 'status[]': ['failed', 'initial'] });
    expect(reply.body.pipeline_runs.map((r: any) => r.id)).toEqual([b.id, a.id]);
    const comma = await call('GET', '/api/pipeline_runs', undefined, { pipeline_uuid: p, 'status[]': 'initial,failed', _limit: '1' });
    expect(comma.body.pipeline_runs.map((r: any) => r.id)).toEqual([b.id]);
    expect(comma.body.metadata).toEqual({ count: 2, next: true });
    const blockRuns = await call('GET', '/api/block_runs', undefined, { pipeline_run_id: String(a.id) });
    expect(blockRuns.body.block_runs.length).toBe(4);
    expect(blockRuns.body.block_runs[0].pipeline_schedule_name).toBe('nightly');
    const nested = await call('GET', `/api/pipeline_runs/${a.id}/block_runs`);
    expect(nested.body.block_runs.map((x: any) => x.id)).toEqual(blockRuns.body.block_runs.map((x: any) => x.id));
    expect((await call('GET', '/api/pipeline_runs/999999/block_runs')).body.error.code).toBe(404);
    expect((await call('GET', '/api/pipeline_schedules/999999/pipeline_runs')).body.error.code).toBe(404);
    const logs = await call('GET', `/api/pipelines/${p}/logs`, undefined, { pipeline_run_id: String(a.id) });
    const files = logs.body.logs[0];
    expect(files.pipeline_run_logs).toHaveLength(1);
    expect(files.block_run_logs.some((f: any) => f.content.includes('Simulated failure'))).toBe(true);
  });

  it("a run keeps the variables it was made with: the trigger's for a scheduled run, the ones sent otherwise (as Mage)", async () => {
    const p = await pipeline();
    const api = await trigger(p, { variables: { region: 'eu' } });
    const manual = (await call('POST', `/api/pipeline_schedules/${api.id}/pipeline_runs`, { pipeline_run: { variables: { day: 'monday' } } })).body
      .pipeline_run;
    expect(Object.keys(manual.variables).sort()).toEqual(['day', 'execution_partition']);
    const hook = (await server.call('POST', `/api/pipeline_schedules/${api.id}/pipeline_runs/${api.token}`, { apiKey: false, body: {} })).body.pipeline_run;
    expect(Object.keys(hook.variables)).toEqual(['execution_partition']);
    const timed = await trigger(p, { schedule_type: 'time', schedule_interval: '@once', variables: { region: 'us' } });
    advance(2000);
    const [scheduled] = (await call('GET', `/api/pipeline_schedules/${timed.id}/pipeline_runs`)).body.pipeline_runs;
    expect(scheduled.variables.region).toBe('us');
    await call('PUT', `/api/pipeline_schedules/${api.id}`, { pipeline_schedule: { status: 'inactive' } });
    await call('PUT', `/api/pipeline_schedules/${timed.id}`, { pipeline_schedule: { status: 'inactive' } });
  });

  it('API trigger: the right token makes a run; unknown id, wrong, empty token and non-api trigger get one identical answer', async () => {
    const p = await pipeline();
    const s = await trigger(p);
    const other = await trigger(p, { schedule_type: 'time', status: 'inactive' });
    const anonymous = (path: string, body?: unknown, headers: Record<string, string> = {}) => server.call('POST', path, { apiKey: false, body, headers });
    const ok = await anonymous(`/api/pipeline_schedules/${s.id}/pipeline_runs/${s.token}`, { pipeline_run: { variables: { env: 'prod' } }, source: 'ci' });
    expect(ok.body.pipeline_run.status).toBe('initial');
    expect(ok.body.pipeline_run.variables.env).toBe('prod');
    expect(ok.body.pipeline_run.event_variables).toEqual({ source: 'ci' });
    const bearer = await anonymous(`/api/pipeline_schedules/${s.id}/api_trigger`, { env: 'staging' }, { Authorization: `Basic x, Bearer ${s.token}` });
    expect(bearer.body.pipeline_run.event_variables).toEqual({ env: 'staging' });
    const failures = await Promise.all([
      anonymous(`/api/pipeline_schedules/999999/pipeline_runs/${s.token}`),
      anonymous(`/api/pipeline_schedules/${s.id}/pipeline_runs/${'0'.repeat(32)}`),
      anonymous(`/api/pipeline_schedules/${other.id}/pipeline_runs/${other.token}`),
      anonymous(`/api/pipeline_schedules/${s.id}/api_trigger`),
      anonymous(`/api/pipeline_schedules/${s.id}/api_trigger`, undefined, { Authorization: 'Bearer ' }),
      anonymous(`/api/pipeline_schedules/abc/api_trigger`, undefined, { Authorization: `Bearer ${s.token}` }),
    ]);
    for (const f of failures) expect(f.body).toEqual(failures[0].body);
    expect(failures[0].body.error.code).toBe(403);
    // That no token reaches the request log is the server's: server/test/runs-token-log.test.ts.
    // A rotated token: the old one stops working at once; rotating is the owner's.
    const rotated = await call('PUT', `/api/pipeline_schedules/${s.id}`, { pipeline_schedule: { rotate_token: true } });
    expect(rotated.body.pipeline_schedule.token).not.toBe(s.token);
    expect((await anonymous(`/api/pipeline_schedules/${s.id}/pipeline_runs/${s.token}`)).body.error.code).toBe(403);
    const editor = await server.userWithRole('editor', token);
    const denied = await server.call('PUT', `/api/pipeline_schedules/${s.id}`, { token: editor.token, body: { pipeline_schedule: { rotate_token: true } } });
    expect(denied.body.error.type).toBe('unauthorized_access');
    const viewer = await server.userWithRole('viewer', token);
    const seen = await server.call('GET', `/api/pipeline_schedules/${s.id}`, { token: viewer.token });
    expect(seen.body.pipeline_schedule.token).toBeNull();
    const write = await server.call('POST', `/api/pipeline_schedules/${s.id}/pipeline_runs`, { token: viewer.token, body: { pipeline_run: {} } });
    expect(write.body.error.type).toBe('unauthorized_access');
  });

  it('bulk actions on PUT /api/pipelines/:uuid: inactive, cancelled, retry, retry_incomplete_block_runs', async () => {
    const p = await pipeline({ [`p${n + 1}_d`]: { outcome: 'fail' } });
    const s = await trigger(p);
    const r1 = await runNow(s.id);
    advance(2000);
    await call('PUT', `/api/pipelines/${p}`, { pipeline: { status: 'cancelled' } });
    expect((await read(r1.id)).status).toBe('cancelled');
    await call('PUT', `/api/pipelines/${p}`, { pipeline: { status: 'retry', pipeline_runs: [{ id: r1.id }] } });
    const runs = (await call('GET', '/api/pipeline_runs', undefined, { pipeline_uuid: p })).body.pipeline_runs;
    expect(runs).toHaveLength(2);
    expect(runs[0].execution_date).toBe(runs[1].execution_date);
    advance(15_000);
    expect((await read(runs[0].id)).status).toBe('failed');
    await call('PUT', `/api/pipelines/${p}/blocks/${p}_d`, { block: { configuration: {} } });
    await call('PUT', `/api/pipelines/${p}`, { pipeline: { status: 'retry_incomplete_block_runs' } });
    expect((await read(runs[0].id)).status).toBe('initial');
    advance(15_000);
    expect((await read(runs[0].id)).status).toBe('completed');
    await call('PUT', `/api/pipelines/${p}`, { pipeline: { status: 'inactive' } });
    expect((await call('GET', `/api/pipeline_schedules/${s.id}`)).body.pipeline_schedule.status).toBe('inactive');
    const bad = await call('PUT', `/api/pipelines/${p}`, { pipeline: { status: 'retry', pipeline_runs: [{ id: 999999 }] } });
    expect(bad.body.error.type).toBe('record_invalid');
  });

  it('deleting a trigger or a pipeline leaves no orphan run; a rename carries the runs along', async () => {
    const p = await pipeline();
    const s = await trigger(p);
    const run = await runNow(s.id);
    advance(2000);
    await call('PUT', `/api/pipelines/${p}`, { pipeline: { name: `${p} renamed` } });
    expect((await read(run.id)).pipeline_uuid).toBe(`${p}_renamed`);
    const s2 = await trigger(`${p}_renamed`);
    const run2 = await runNow(s2.id);
    await call('DELETE', `/api/pipeline_schedules/${s.id}`);
    expect((await call('GET', `/api/pipeline_runs/${run.id}`)).body.error.code).toBe(404);
    await call('DELETE', `/api/pipelines/${p}_renamed`);
    expect((await call('GET', `/api/pipeline_runs/${run2.id}`)).body.error.code).toBe(404);
    expect((await call('GET', `/api/pipeline_schedules/${s2.id}`)).body.error.code).toBe(404);
    expect(runViolations(server.repo)).toEqual([]);
  });
});
