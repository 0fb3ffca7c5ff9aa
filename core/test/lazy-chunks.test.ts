import { contract, walkContract } from '@pipeline-api/contract';
import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api } from '../src/api.js';

/**
 * Code most pages never run is imported on first need (bundlers split it off): the orchestrator (a trigger's writes
 * with it), the simulated log lines. Each test runs on a fresh copy of the core's modules, where none is loaded yet: pages
 * that never need one never load it; the first request that does loads it before its lookups, and answers as before.
 */
const NOW = Date.UTC(2026, 0, 1, 10, 30);

async function freshCore() {
  vi.resetModules();
  const orchestrator = await import('../src/orchestration/lazy-orchestrator.js');
  const { schedulesTable } = await import('../src/model/triggers.js');
  const { createApi } = await import('../src/api.js');
  return { orchestrator, schedulesTable, createApi };
}

function caller(api: Api) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = { 'x-api-key': api.config.apiKey }) =>
    api.core.dispatch({ method, path, query: {}, headers, body, client: 'test' }).then((o) => o.body as any);
}

beforeEach(() => vi.resetModules());

describe('the orchestrator, loaded on first need', () => {
  it('is not loaded by pages without triggers: statuses, pipelines and blocks, renames and deletes, and the ticks between them', async () => {
    const { orchestrator, createApi } = await freshCore();
    let now = NOW;
    const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => now } });
    const call = caller(api);
    expect((await call('GET', '/api/status')).statuses).toHaveLength(1);
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    await call('POST', '/api/pipelines/p/blocks', { block: { name: 'b', type: 'transformer' } });
    expect((await call('PUT', '/api/pipelines/p', { pipeline: { name: 'q' } })).pipeline.uuid).toBe('q');
    expect((await call('GET', '/api/pipelines')).pipelines).toHaveLength(1);
    expect((await call('GET', '/api/pipeline_schedules')).pipeline_schedules).toEqual([]);
    expect((await call('GET', '/api/pipeline_runs')).pipeline_runs).toEqual([]);
    for (let i = 0; i < 5; i++) api.tick((now += 1000));
    expect((await call('DELETE', '/api/pipelines/q')).pipeline.uuid).toBe('q');
    expect(orchestrator.isOrchestratorLoaded()).toBe(false);
  });

  it('the first trigger loads it (the trigger writes are in it) before the write runs, and the ticks after it move runs as before', async () => {
    const { orchestrator, createApi } = await freshCore();
    let now = NOW;
    const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false, simulatedBlockDurationMs: 1000 }, clock: { now: () => now } });
    const call = caller(api);
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    await call('POST', '/api/pipelines/p/blocks', { block: { name: 'b', type: 'transformer' } });
    api.tick((now += 1000));
    expect(orchestrator.isOrchestratorLoaded()).toBe(false);
    expect(() => orchestrator.loadedOrchestrator()).toThrow(/orchestrator is not loaded yet/);
    const { pipeline_schedule: trigger } = await call('POST', '/api/pipelines/p/pipeline_schedules', {
      pipeline_schedule: { name: 'always', schedule_type: 'time', schedule_interval: '@always_on', status: 'active' },
    });
    expect(orchestrator.isOrchestratorLoaded()).toBe(true);
    expect(trigger).toMatchObject({ name: 'always', status: 'active', schedule_interval: '@always_on' });
    // The @always_on trigger fires on the next tick; its run starts, its block runs, the run completes.
    for (let i = 0; i < 6; i++) api.tick((now += 1000));
    const { pipeline_runs: runs } = await call('GET', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`);
    expect(runs.map((r: { status: string }) => r.status)).toContain('completed');
  });

  it('writes that need it load it first and answer as before: a bulk action, an API trigger call, a run of a missing trigger', async () => {
    const { orchestrator, createApi } = await freshCore();
    const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => NOW } });
    const call = caller(api);
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    const bulk = await call('PUT', '/api/pipelines/p', { pipeline: { status: 'retry' } });
    expect(bulk.error).toMatchObject({ code: 400, type: 'record_invalid', errors: [{ path: 'pipeline.pipeline_runs' }] });
    expect(orchestrator.isOrchestratorLoaded()).toBe(true);

    const fresh = await freshCore();
    const other = await fresh.createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => NOW } });
    const refused = await caller(other)('POST', '/api/pipeline_schedules/1/pipeline_runs/0123456789abcdef0123456789abcdef', {}, {});
    expect(refused.error).toMatchObject({ code: 403, type: 'unauthorized_access' });
    expect(fresh.orchestrator.isOrchestratorLoaded()).toBe(true);
    expect((await caller(other)('POST', '/api/pipeline_schedules/7/pipeline_runs', { pipeline_run: {} })).error).toMatchObject({ code: 404 });
  });

  it('is loaded before a given repository opens: stored triggers fire from the first tick', async () => {
    const { orchestrator, createApi } = await freshCore();
    const { createMemoryRepository } = await import('../src/repository/memory.js');
    await createApi({ config: { bcryptRounds: 4 }, repo: (hooks) => createMemoryRepository({ hooks }) });
    expect(orchestrator.isOrchestratorLoaded()).toBe(true);
  });

  it('a trigger reached before it is loaded is a clear internal error at the tick, never a skipped transition', async () => {
    const { orchestrator, schedulesTable, createApi } = await freshCore();
    const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => NOW } });
    const triggers = schedulesTable.in(api.repo);
    triggers.put({
      id: triggers.nextId(),
      pipeline_uuid: 'p',
      name: 'stored behind the API',
      description: null,
      schedule_type: 'time',
      schedule_interval: '@always_on',
      start_time: null,
      status: 'active',
      variables: {},
      sla: null,
      settings: {},
      token: '0123456789abcdef0123456789abcdef',
      tags: [],
      event_matchers: [],
      repo_path: '/home/src/default_repo',
      last_enabled_at: NOW,
      created_at: NOW,
      updated_at: NOW,
      last_fired_execution_date: null,
    });
    expect(() => api.tick(NOW + 1000)).toThrow(/orchestrator is not loaded yet/);
    await orchestrator.loadOrchestrator();
    expect(() => api.tick(NOW + 2000)).not.toThrow();
  });
  it('knows the caller only once the orchestrator is loaded: a user deleted while it loads writes nothing', async () => {
    let release = () => {};
    const loading = new Promise<void>((resolve) => (release = resolve));
    let reached = () => {};
    const waiting = new Promise<void>((resolve) => (reached = resolve));
    vi.resetModules();
    // The first trigger write waits here for the orchestrator, as it waits for a chunk's download in a browser.
    vi.doMock('../src/orchestration/orchestrator.js', async (importOriginal) => {
      reached();
      await loading;
      return importOriginal();
    });
    try {
      const { createApi } = await import('../src/api.js');
      const { webCryptoHasher } = await import('../src/auth/web-crypto-hasher.js');
      const api = await createApi({ passwords: webCryptoHasher({ iterations: 1 }) });
      const call = (method: string, path: string, body: unknown, token: string | undefined) =>
        api.core
          .dispatch({
            method,
            path,
            query: {},
            headers: { 'x-api-key': api.config.apiKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body,
            client: 'test',
          })
          .then((o) => o.body as any);
      const login = async (email: string, password: string) =>
        String(decodeJwt((await call('POST', '/api/sessions', { session: { email, password } }, undefined)).session.token).token);
      const owner = await login('admin@admin.com', 'admin');
      await call('POST', '/api/pipelines', { pipeline: { name: 'p' } }, owner);
      const password = 'password-one';
      const { user } = await call('POST', '/api/users', { user: { email: 'e@example.com', password, password_confirmation: password, roles_new: [3] } }, owner);
      const editor = await login('e@example.com', password);

      const write = call(
        'POST',
        '/api/pipelines/p/pipeline_schedules',
        { pipeline_schedule: { name: 't', schedule_type: 'time', schedule_interval: '@once' } },
        editor,
      );
      await waiting;
      expect((await call('DELETE', `/api/users/${user.id}`, undefined, owner)).user.id).toBe(user.id);
      release();
      const answer = await write;
      expect(answer.pipeline_schedule).toBeUndefined();
      expect(answer.error.type).toMatch(/oauth_token/);
      expect((await call('GET', '/api/pipeline_schedules', undefined, owner)).pipeline_schedules).toEqual([]);
    } finally {
      release();
      vi.doUnmock('../src/orchestration/orchestrator.js');
    }
  });
});

describe('the simulated log lines, loaded on first need', () => {
  it("are loaded by the first read of a pipeline's logs, before its lookups, and answer the run's lines", async () => {
    vi.resetModules();
    const lines = await import('../src/resources/logs/lazy-lines.js');
    const { createApi } = await import('../src/api.js');
    let now = NOW;
    const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false, simulatedBlockDurationMs: 1000 }, clock: { now: () => now } });
    const call = caller(api);
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    await call('POST', '/api/pipelines/p/blocks', { block: { name: 'b', type: 'transformer' } });
    const { pipeline_schedule: trigger } = await call('POST', '/api/pipelines/p/pipeline_schedules', {
      pipeline_schedule: { name: 't', schedule_type: 'api', status: 'active' },
    });
    await call('POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} });
    for (let i = 0; i < 6; i++) api.tick((now += 1000));
    expect(() => lines.loadedLogLines()).toThrow(/log lines are not loaded yet/);
    const { logs } = await call('GET', '/api/pipelines/p/logs');
    expect(logs[0].block_run_logs.map((f: { name: string }) => f.name)).toEqual(['b.log']);
    expect(logs[0].block_run_logs[0].content).toContain('Finish executing block b.');
    expect(logs[0].pipeline_run_logs[0].content).toContain('completed.');
  });
});

describe('resources loaded on first use (lazy entries of the registry)', () => {
  async function freshRegistry() {
    vi.resetModules();
    const { resourceModules } = await import('../src/resources/index.js');
    const { createApi } = await import('../src/api.js');
    const lazyEntries = Object.values(resourceModules).flatMap((entry) => ('lazy' in entry ? [entry] : []));
    const loadedNodes = () => lazyEntries.flatMap((entry) => (entry.loaded ? [entry.node] : [])).sort();
    return { resourceModules, createApi, lazyEntries, loadedNodes };
  }

  it('are not loaded by what a dashboard reads at boot; the first call to one loads its chunk (and only it) and answers as before', async () => {
    const { createApi, lazyEntries, loadedNodes } = await freshRegistry();
    // Every node is lazy but those of the folders boot.ts names (what a dashboard reads as it boots).
    const boot = await import('../src/resources/boot.js');
    const inPage = new Set<string>(Object.values(boot).map((module) => module.node));
    expect(lazyEntries.map((entry) => entry.node).sort()).toEqual(
      walkContract(contract)
        .map((route) => route.node)
        .filter((node, i, all) => all.indexOf(node) === i && !inPage.has(node))
        .sort(),
    );
    const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => NOW } });
    const call = caller(api);
    await call('GET', '/api/status');
    await call('POST', '/api/pipelines', { pipeline: { name: 'p' } });
    await call('GET', '/api/pipelines');
    await call('GET', '/api/pipeline_runs');
    expect(loadedNodes()).toEqual([]);
    expect((await call('GET', '/api/backfills')).backfills).toEqual([]);
    expect(loadedNodes()).toEqual(['backfills', 'pipelines.backfills']);
    expect((await call('GET', '/api/tags')).tags).toEqual([]);
    expect(loadedNodes()).toEqual(['backfills', 'clientPages', 'gitBranches', 'oauths', 'pipelines.backfills', 'projects', 'tags']);
    expect((await call('GET', '/api/projects')).projects).toHaveLength(1);
  });

  it("declare their cascades once loaded: deleting a pipeline before backfills load needs none, after it deletes the pipeline's backfills", async () => {
    const { createApi, loadedNodes } = await freshRegistry();
    const api = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => NOW } });
    const call = caller(api);
    await call('POST', '/api/pipelines', { pipeline: { name: 'before' } });
    expect((await call('DELETE', '/api/pipelines/before')).pipeline.uuid).toBe('before');
    expect(loadedNodes()).toEqual([]);
    await call('POST', '/api/pipelines', { pipeline: { name: 'after' } });
    // Made through the nested route: the cascade it needs (declared by pipelines.backfills) joins with its chunk.
    const { backfill } = await call('POST', '/api/pipelines/after/backfills', { backfill: { name: 'november' } });
    expect((await call('GET', `/api/backfills/${backfill.id}`)).backfill.name).toBe('november');
    expect((await call('DELETE', '/api/pipelines/after')).pipeline.uuid).toBe('after');
    expect((await call('GET', `/api/backfills/${backfill.id}`)).error).toMatchObject({ code: 404 });
    // An API made after the chunk loaded takes the cascades in at once.
    const second = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false }, clock: { now: () => NOW } });
    const secondCall = caller(second);
    await secondCall('POST', '/api/pipelines', { pipeline: { name: 'q' } });
    await secondCall('POST', '/api/pipelines/q/backfills', { backfill: { name: 'x' } });
    await secondCall('DELETE', '/api/pipelines/q');
    expect((await secondCall('GET', '/api/backfills')).backfills).toEqual([]);
  });

  it('are all loaded before a given repository opens: its restored rows have their tables and cascades from the first request', async () => {
    const { createApi, lazyEntries, loadedNodes } = await freshRegistry();
    const { createMemoryRepository } = await import('../src/repository/memory.js');
    await createApi({ config: { bcryptRounds: 4 }, repo: (hooks) => createMemoryRepository({ hooks }) });
    expect(loadedNodes()).toHaveLength(lazyEntries.length);
  });

  it('are all loaded before serving when asked (the server, where bundle size is no concern)', async () => {
    const { createApi, lazyEntries, loadedNodes } = await freshRegistry();
    await createApi({ config: { bcryptRounds: 4 }, loadAllResources: true });
    expect(loadedNodes()).toHaveLength(lazyEntries.length);
  });

  it('are loaded by seeding that names them (seeding goes through their routes)', async () => {
    const { createApi, loadedNodes } = await freshRegistry();
    const { seedFixtures } = await import('../src/fixtures/index.js');
    const api = await createApi({ config: { bcryptRounds: 4 }, clock: { now: () => NOW } });
    await seedFixtures(api, { pipelines: [{ name: 'p' }] });
    expect(loadedNodes()).toEqual([]);
    const seeded = await seedFixtures(api, { tags: [{ name: 'nightly' }] });
    expect(seeded.tags.map((tag) => tag.name)).toEqual(['nightly']);
    // The tags' chunk (the UI-boot resources), not the backfills'.
    expect(loadedNodes()).toEqual(['clientPages', 'gitBranches', 'oauths', 'projects', 'tags']);
  });
});
