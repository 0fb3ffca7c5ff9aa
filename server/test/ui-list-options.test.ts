import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from './harness.js';

/** A clock the test moves: runs are created at known times. */
class TestClock {
  constructor(public ms = Date.UTC(2026, 0, 1, 10, 30)) {}
  now = () => this.ms;
}

/** The list options Mage's web UI sends (the pipelines list, the overview, the runs pages), answered as Mage answers them. */
describe("the list options of Mage's UI", () => {
  let server: TestServer;
  let token: string;
  let viewer: string;
  const clock = new TestClock();
  const call = (method: string, path: string, query?: Record<string, string | string[]>, body?: unknown, as = token) =>
    server.call(method, path, { token: as, query, body });
  const trigger = async (pipeline: string, fields: Record<string, unknown>) =>
    (await call('POST', `/api/pipelines/${pipeline}/pipeline_schedules`, undefined, { pipeline_schedule: { name: 't', schedule_type: 'api', ...fields } })).body
      .pipeline_schedule;
  const runNow = async (scheduleId: number) =>
    (await call('POST', `/api/pipeline_schedules/${scheduleId}/pipeline_runs`, undefined, { pipeline_run: {} })).body.pipeline_run;
  let firstRun: { id: number; created_at: string };
  let laterRun: { id: number };

  beforeAll(async () => {
    ({ server, token } = await TestServer.startLoggedIn({ clock }));
    viewer = (await server.userWithRole('viewer', token)).token;
    await call('POST', '/api/pipelines', undefined, { pipeline: { name: 'with active', tags: ['nightly'] } });
    await call('POST', '/api/pipelines', undefined, { pipeline: { name: 'with inactive', type: 'streaming' } });
    await call('POST', '/api/pipelines', undefined, { pipeline: { name: 'without triggers' } });
    for (const [name, upstream] of [
      ['load', []],
      ['shape', ['load']],
    ] as const) {
      await call('POST', '/api/pipelines/with_active/blocks', undefined, { block: { name, type: 'transformer', upstream_blocks: upstream } });
    }
    const active = await trigger('with_active', { name: 'hook', status: 'active' });
    await trigger('with_inactive', { name: 'off', status: 'inactive', schedule_type: 'time', schedule_interval: '@daily', start_time: '2026-01-02 06:00:00' });
    firstRun = await runNow(active.id);
    clock.ms += 3_600_000;
    laterRun = await runNow(active.id);
    server.tick(); // the scheduler starts the runs: their block runs exist
  });
  afterAll(() => server.close());

  it('include_schedules=1 lists each pipeline with its triggers, in the nine columns Mage shows', async () => {
    const list = await call('GET', '/api/pipelines', { _limit: '30', include_schedules: '1' }, undefined, viewer);
    const byUuid = new Map(list.body.pipelines.map((p: { uuid: string }) => [p.uuid, p]));
    expect(byUuid.get('without_triggers')).toMatchObject({ schedules: [] });
    const [schedule] = (byUuid.get('with_inactive') as { schedules: Record<string, unknown>[] }).schedules;
    expect(Object.keys(schedule!).sort()).toEqual([
      'created_at',
      'id',
      'name',
      'pipeline_uuid',
      'schedule_interval',
      'schedule_type',
      'start_time',
      'status',
      'updated_at',
    ]);
    expect(schedule).toMatchObject({ name: 'off', pipeline_uuid: 'with_inactive', schedule_interval: '@daily', schedule_type: 'time', status: 'inactive' });
    expect(schedule!.start_time).toMatch(/^2026-01-02 06:00:00/);
    // Without include_schedules there is no such attribute, and a detail never has it.
    expect((await call('GET', '/api/pipelines')).body.pipelines[0]).not.toHaveProperty('schedules');
    expect((await call('GET', '/api/pipelines/with_active', { include_schedules: '1' })).body.pipeline).not.toHaveProperty('schedules');
  });

  it('status[] filters by the triggers (with include_schedules, as Mage), from_history_days answers no history, group_by is accepted', async () => {
    const uuids = async (query: Record<string, string | string[]>) =>
      ((await call('GET', '/api/pipelines', query, undefined, viewer)).body.pipelines ?? []).map((p: { uuid: string }) => p.uuid);
    expect(await uuids({ include_schedules: '1', 'status[]': 'active' })).toEqual(['with_active']);
    expect(await uuids({ include_schedules: '1', 'status[]': 'inactive' })).toEqual(['with_inactive']);
    expect(await uuids({ include_schedules: '1', 'status[]': 'no_schedules,active' })).toEqual(['with_active', 'without_triggers']);
    expect(await uuids({ 'status[]': 'active' })).toHaveLength(3);
    expect(await uuids({ include_schedules: '1', from_history_days: '7' })).toEqual([]);
    expect(await uuids({ include_schedules: '1', group_by: 'status', search: 'with', 'type[]': 'streaming' })).toEqual(['with_inactive']);
    expect(await uuids({ 'tag[]': 'nightly' })).toEqual(['with_active']);
    const detail = await call('GET', '/api/pipelines/with_active', { includes_outputs: 'false', includes_content: 'false' }, undefined, viewer);
    expect(detail.body.pipeline.uuid).toBe('with_active');
  });

  it('the runs list: include_pipeline_type, include_pipeline_tags, include_pipeline_uuids, as Mage 0.9.80 answers them', async () => {
    const plain = await call('GET', '/api/pipeline_runs', undefined, undefined, viewer);
    expect(plain.body.pipeline_runs[0].pipeline_type).toBeNull();
    expect(plain.body.pipeline_runs[0].pipeline_tags).toBeNull();
    expect(plain.body.metadata).not.toHaveProperty('pipeline_uuids');
    const page = await call(
      'GET',
      '/api/pipeline_runs',
      {
        _limit: '30',
        _offset: '0',
        disable_retries_grouping: 'true',
        include_pipeline_tags: 'true',
        include_pipeline_uuids: 'true',
        include_pipeline_type: '1',
      },
      undefined,
      viewer,
    );
    expect(page.body.pipeline_runs[0]).toMatchObject({ pipeline_type: 'python', pipeline_tags: ['nightly'] });
    expect(page.body.metadata).toEqual({ count: 2, next: false, pipeline_uuids: ['with_active', 'with_inactive', 'without_triggers'] });
  });

  it("the overview's start_timestamp and order_by[], a single status; a bad order is a clear 400", async () => {
    const ids = async (query: Record<string, string>) =>
      (await call('GET', '/api/pipeline_runs', query, undefined, viewer)).body.pipeline_runs.map((r: { id: number }) => r.id);
    const afterFirst = String(Math.floor(Date.parse(firstRun.created_at) / 1000) + 1);
    expect(await ids({ _limit: '50', include_pipeline_type: '1', 'order_by[]': 'created_at desc', start_timestamp: afterFirst })).toEqual([laterRun.id]);
    expect(await ids({ end_timestamp: afterFirst })).toEqual([firstRun.id]);
    expect(await ids({ 'order_by[]': 'created_at asc' })).toEqual([firstRun.id, laterRun.id]);
    expect(await ids({ 'order_by[]': 'created_at desc' })).toEqual([laterRun.id, firstRun.id]);
    expect(await ids({ status: 'failed', 'order_by[]': 'created_at desc' })).toEqual([]);
    expect(await ids({ pipeline_type: 'streaming' })).toEqual([]);
    expect(await ids({ 'pipeline_tag[]': 'nightly' })).toEqual([laterRun.id, firstRun.id]);
    const bad = await call('GET', '/api/pipeline_runs', { 'order_by[]': 'constructor desc' });
    expect(bad.body.error).toMatchObject({ code: 400, type: 'api_resource_error', message: expect.stringContaining('with a column among id, created_at') });
    const badTime = await call('GET', '/api/pipeline_runs', { start_timestamp: 'yesterday' });
    expect(badTime.body.error).toMatchObject({ code: 400 });
    // The block runs list takes the UI's order_by (its table's sort).
    const blockRuns = await call('GET', '/api/block_runs', { _limit: '30', pipeline_uuid: 'with_active', order_by: 'started_at desc' }, undefined, viewer);
    expect(blockRuns.body).toHaveProperty('block_runs');
  });

  it("a run's blocks (/api/pipeline_runs/:id/blocks): each block the run ran, once, with its place in the graph", async () => {
    const reply = await call('GET', `/api/pipeline_runs/${firstRun.id}/blocks`, { _limit: '100', 'block_uuid[]': 'load' }, undefined, viewer);
    expect(
      reply.body.blocks.map((b: { uuid: string; upstream_blocks: string[]; downstream_blocks: string[] }) => [b.uuid, b.upstream_blocks, b.downstream_blocks]),
    ).toEqual([
      ['load', [], ['shape']],
      ['shape', ['load'], []],
    ]);
    expect(reply.body.metadata).toEqual({ count: 2, next: false });
    const missing = await call('GET', '/api/pipeline_runs/999999/blocks');
    expect(missing.body.error).toMatchObject({ code: 404, type: 'record_not_found' });
  });

  it("a block run's logs (block_run_id[], the run page's log button): only that block run's file", async () => {
    const run = (await call('GET', `/api/pipeline_runs/${firstRun.id}`)).body.pipeline_run;
    const shape = run.block_runs.find((b: { block_uuid: string }) => b.block_uuid === 'shape');
    const reply = await call('GET', '/api/pipelines/with_active/logs', { 'block_run_id[]': String(shape.id) }, undefined, viewer);
    const [logs] = reply.body.logs;
    expect(logs.block_run_logs.map((f: { name: string }) => f.name)).toEqual(['shape.log']);
    expect(logs.block_run_logs[0].content).toContain(`"block_run_id":${shape.id}`);
    expect(logs.pipeline_run_logs).toEqual([]);
  });

  it("the terminals' and block outputs' routes (out of scope) answer the envelope, never a crash", async () => {
    for (const path of ['/api/terminals', '/api/block_outputs/x', '/websocket/']) {
      const reply = await call('GET', path);
      expect(reply.body.error, path).toMatchObject({ code: 404, type: 'record_not_found' });
      expect(reply.body.error.message, path).toMatch(/^No route for GET/);
    }
  });
});
