import { describe, expect, it } from 'vitest';
import { session } from './ui-resources-helpers.js';

const ATTRIBUTES = ['envs', 'name', 'pipeline_uuid', 'schedule_interval', 'schedule_type', 'settings', 'sla', 'start_time', 'status', 'variables'];

describe('triggers kept in code', () => {
  it("answers Mage's recorded empty list (pipeline_triggers.json) and copies a stored trigger, token kept but never shown", async () => {
    const s = await session();
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'ui probe' } } });
    const empty = await s.call('GET', '/api/pipelines/ui_probe/pipeline_triggers', { token: s.owner });
    expect(empty.pipeline_triggers).toEqual([]);
    const stored = await s.call('POST', '/api/pipelines/ui_probe/pipeline_schedules', {
      token: s.owner,
      body: {
        pipeline_schedule: {
          name: 'webhook',
          schedule_type: 'api',
          status: 'active',
          variables: { env: 'prod' },
          sla: 600,
          settings: { skip_if_previous_running: true },
          start_time: '2026-01-01 00:00:00',
        },
      },
    });
    const id = stored.pipeline_schedule.id;
    const copied = await s.call('POST', '/api/pipelines/ui_probe/pipeline_triggers', {
      token: s.owner,
      body: { pipeline_trigger: { pipeline_schedule_id: id } },
    });
    expect(copied.pipeline_trigger).toEqual({
      envs: [],
      name: 'webhook',
      pipeline_uuid: 'ui_probe',
      schedule_interval: null,
      schedule_type: 'api',
      settings: { skip_if_previous_running: true },
      sla: 600,
      start_time: '2026-01-01 00:00:00.000000+00:00',
      status: 'active',
      variables: { env: 'prod' },
    });
    const viewer = await s.userWithRole('viewer');
    const listed = await s.call('GET', '/api/pipelines/ui_probe/pipeline_triggers', { token: viewer });
    expect(listed.pipeline_triggers).toEqual([copied.pipeline_trigger]);
    expect(Object.keys(listed.pipeline_triggers[0]).sort()).toEqual(ATTRIBUTES);
    // The token is kept with the pipeline, as Mage writes it to triggers.yaml, and shown to nobody.
    expect(JSON.stringify(listed)).not.toContain(stored.pipeline_schedule.token);
    expect(JSON.stringify(copied)).not.toContain(stored.pipeline_schedule.token);
  });

  it('saves a full trigger; a name already kept is replaced in place and keeps its envs; roles as Mage', async () => {
    const s = await session();
    const viewer = await s.userWithRole('viewer');
    const editor = await s.userWithRole('editor');
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'p' } } });
    const save = (token: string, pipeline_trigger: unknown) => s.call('POST', '/api/pipelines/p/pipeline_triggers', { token, body: { pipeline_trigger } });
    expect((await save(viewer, { name: 'a', schedule_type: 'api' })).error.code).toBe(403);
    await save(editor, { name: 'a', schedule_type: 'time', schedule_interval: '@daily', envs: ['prod'] });
    await save(editor, { name: 'b', schedule_type: 'api' });
    const replaced = await save(editor, { name: 'a', schedule_type: 'time', schedule_interval: '@hourly', pipeline_uuid: 'elsewhere' });
    expect(replaced.pipeline_trigger).toMatchObject({ name: 'a', schedule_interval: '@hourly', envs: ['prod'], pipeline_uuid: 'p', status: 'inactive' });
    const listed = await s.call('GET', '/api/pipelines/p/pipeline_triggers', { token: viewer });
    expect(listed.pipeline_triggers.map((t: { name: string }) => t.name)).toEqual(['a', 'b']);
  });

  it("refuses what Mage refuses, in Mage's words, and what the kit bounds; nothing is saved", async () => {
    const s = await session();
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'p' } } });
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'other' } } });
    const save = (pipeline_trigger: unknown) => s.call('POST', '/api/pipelines/p/pipeline_triggers', { token: s.owner, body: { pipeline_trigger } });
    expect((await save({})).error).toEqual({ code: 400, message: 'Pipeline schedule ID or trigger name is required.', type: 'record_invalid' });
    expect((await save({ pipeline_schedule_id: 999 })).error).toMatchObject({
      code: 404,
      type: 'record_not_found',
      message: 'Trigger 999 does not exist in pipeline p.',
    });
    const elsewhere = await s.call('POST', '/api/pipelines/other/pipeline_schedules', {
      token: s.owner,
      body: { pipeline_schedule: { name: 'x', schedule_type: 'api' } },
    });
    expect((await save({ pipeline_schedule_id: elsewhere.pipeline_schedule.id })).error.code).toBe(404);
    expect((await save({ name: 'e', envs: ['moon'] })).error.code).toBe(400);
    for (let i = 0; i < 100; i++) await save({ name: `t${i}`, schedule_type: 'api' });
    expect((await save({ name: 'one more', schedule_type: 'api' })).error.message).toContain('at most 100 triggers in code');
    const big = await save({ name: 't0', variables: { blob: 'x'.repeat(300_000) } });
    expect(big.error.code).toBe(413);
    const listed = await s.call('GET', '/api/pipelines/p/pipeline_triggers', { token: s.owner, query: { _limit: '1000' } });
    expect(listed.pipeline_triggers).toHaveLength(100);
    expect(listed.pipeline_triggers[0].variables).toEqual({});
  });

  it('follow a renamed pipeline and go with a deleted one', async () => {
    const s = await session();
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'p' } } });
    await s.call('POST', '/api/pipelines/p/pipeline_triggers', { token: s.owner, body: { pipeline_trigger: { name: 'a', schedule_type: 'api' } } });
    await s.call('PUT', '/api/pipelines/p', { token: s.owner, body: { pipeline: { name: 'q' } } });
    expect((await s.call('GET', '/api/pipelines/q/pipeline_triggers', { token: s.owner })).pipeline_triggers).toMatchObject([
      { name: 'a', pipeline_uuid: 'q' },
    ]);
    await s.call('DELETE', '/api/pipelines/q', { token: s.owner });
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'q' } } });
    expect((await s.call('GET', '/api/pipelines/q/pipeline_triggers', { token: s.owner })).pipeline_triggers).toEqual([]);
  });
});
