import { Cron } from 'croner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../src/api.js';
import type { RepositoryFactory } from '../src/repository/hooks.js';
import { createMemoryRepository } from '../src/repository/memory.js';

/**
 * croner is imported on first need (bundlers split it off): each test runs on a fresh copy of the core's modules,
 * where it is not loaded yet, and checks the answers are those croner gives.
 */
const NOW = Date.UTC(2026, 0, 1, 10, 30);
const EVERY_QUARTER = '*/15 * * * *';
const expectedNext = () => new Cron(EVERY_QUARTER, { utcOffset: 0, paused: true }).nextRun(new Date(NOW))!.getTime();
const mageDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '.000000+00:00');

async function freshCore() {
  vi.resetModules();
  const interval = await import('../src/model/interval.js');
  const { createApi } = await import('../src/api.js');
  return { interval, createApi };
}

function caller(api: Api) {
  return (method: string, path: string, body?: unknown) =>
    api.core.dispatch({ method, path, query: {}, headers: { 'x-api-key': api.config.apiKey }, body, client: 'test' }).then((o) => o.body as any);
}

beforeEach(() => vi.resetModules());

describe('croner, loaded on first need', () => {
  it('is not loaded by triggers on presets, and the first cron expression loads it before the write runs', async () => {
    const { interval, createApi } = await freshCore();
    const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => NOW } });
    const call = caller(api);
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    const hourly = await call('POST', '/api/pipelines/p/pipeline_schedules', {
      pipeline_schedule: { name: 'h', schedule_type: 'time', schedule_interval: '@hourly' },
    });
    const detail = async (id: number) => (await call('GET', `/api/pipeline_schedules/${id}`)).pipeline_schedule;
    expect((await detail(hourly.pipeline_schedule.id)).next_pipeline_run_date).toBe(mageDate(Date.UTC(2026, 0, 1, 11)));
    expect((await call('GET', '/api/pipeline_schedules')).pipeline_schedules).toHaveLength(1);
    expect(interval.isCronLoaded()).toBe(false);

    const cron = await call('POST', '/api/pipelines/p/pipeline_schedules', {
      pipeline_schedule: { name: 'c', schedule_type: 'time', schedule_interval: EVERY_QUARTER },
    });
    expect(interval.isCronLoaded()).toBe(true);
    expect((await detail(cron.pipeline_schedule.id)).next_pipeline_run_date).toBe(mageDate(expectedNext()));
    // An invalid expression is refused as before, with croner's reason.
    const invalid = await call('PUT', `/api/pipeline_schedules/${hourly.pipeline_schedule.id}`, { pipeline_schedule: { schedule_interval: '61 * * * *' } });
    expect(invalid.error).toMatchObject({ code: 400, type: 'record_invalid' });
    expect(invalid.error.errors[0].path).toBe('pipeline_schedule.schedule_interval');
  });

  it('an update to a cron expression loads it too', async () => {
    const { interval, createApi } = await freshCore();
    const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => NOW } });
    const call = caller(api);
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    const { pipeline_schedule: created } = await call('POST', '/api/pipelines/p/pipeline_schedules', {
      pipeline_schedule: { name: 't', schedule_type: 'time' },
    });
    expect(interval.isCronLoaded()).toBe(false);
    const updated = await call('PUT', `/api/pipeline_schedules/${created.id}`, { pipeline_schedule: { schedule_interval: EVERY_QUARTER } });
    expect(updated.error).toBeUndefined();
    expect((await call('GET', `/api/pipeline_schedules/${created.id}`)).pipeline_schedule.next_pipeline_run_date).toBe(mageDate(expectedNext()));
  });

  it('is loaded before a given repository opens, so stored cron triggers are indexed and fire as before', async () => {
    // A repository that outlives its API, as a durable store or the mocks' persisted state.
    const counters = new Map<string, number>();
    const tables = new Map<string, Map<string | number, unknown>>();
    const repo: RepositoryFactory = (hooks) =>
      createMemoryRepository({
        counters,
        initialRows: <V>(table: string) => (tables.get(table)?.values() ?? []) as Iterable<V>,
        hooks: {
          ...hooks,
          sinks: [
            ...(hooks.sinks ?? []),
            (changes) => changes.forEach((c) => (tables.get(c.table) ?? tables.set(c.table, new Map()).get(c.table)!).set(c.key, c.record)),
          ],
        },
      });
    const first = await freshCore();
    const before = await first.createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => NOW }, repo });
    const call = caller(before);
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    await call('POST', '/api/pipelines/p/blocks', { block: { name: 'b', type: 'transformer' } });
    const { pipeline_schedule: trigger } = await call('POST', '/api/pipelines/p/pipeline_schedules', {
      pipeline_schedule: { name: 'c', schedule_type: 'time', schedule_interval: EVERY_QUARTER, status: 'active' },
    });

    const { interval, createApi } = await freshCore();
    expect(interval.isCronLoaded()).toBe(false);
    let now = NOW;
    const after = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => now }, repo });
    expect(interval.isCronLoaded()).toBe(true);
    const reopened = await caller(after)('GET', `/api/pipeline_schedules/${trigger.id}`);
    expect(reopened.pipeline_schedule.next_pipeline_run_date).toBe(mageDate(expectedNext()));
    now = expectedNext();
    after.tick(now);
    const runs = await caller(after)('GET', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`);
    expect(runs.pipeline_runs).toHaveLength(1);
  });

  it('reading a cron expression before it is loaded is a clear internal error, never a wrong date', async () => {
    const { interval } = await freshCore();
    expect(() => interval.nextExecutionDate(EVERY_QUARTER, NOW)).toThrow(/croner is not loaded yet/);
    expect(interval.nextExecutionDate('@daily', NOW)).toBe(Date.UTC(2026, 0, 2));
    await interval.loadCron();
    expect(interval.nextExecutionDate(EVERY_QUARTER, NOW)).toBe(expectedNext());
  });
});
