import { describe, expect, it, vi } from 'vitest';
import type { RouteId } from '@pipeline-api/contract';
import { APIConnectionError, APIConnectionTimeoutError, InternalServerError, createClient, type Client } from '@pipeline-api/sdk';
import { createInProcessMock, type InProcessMock } from '../src/in-process-entry.js';

describe('inject() refuses an unknown route id at run time', () => {
  it('a misspelt id from JavaScript: a TypeError naming the closest ids, nothing armed', async () => {
    const mock = createInProcessMock({ baseUrl: 'http://127.0.0.1:6789' });
    // JavaScript has no types to stop it: the cast stands for a plain .js caller.
    const misspelt = 'pipelines.lits' as RouteId;
    expect(() => mock.inject(misspelt, { status: 503 })).toThrow(TypeError);
    expect(() => mock.inject(misspelt, { status: 503 })).toThrow(
      'inject("pipelines.lits"): no route has this id. Closest: pipelines.list, pipelines.delete, pipelineRuns.list. Route ids are the contract\'s, e.g. pipelines.list.',
    );
    expect(() => mock.inject(undefined as unknown as RouteId, { status: 503 })).toThrow(/^inject\(undefined\): no route has this id/);
    // Nothing was armed: the next status call answers normally.
    expect((await mock.fetch('http://127.0.0.1:6789/api/status')).status).toBe(200);
  });

  it('a known id is armed as before', async () => {
    const mock = createInProcessMock({ baseUrl: 'http://127.0.0.1:6789' });
    mock.inject('statuses.health', { status: 503 });
    expect((await mock.fetch('http://127.0.0.1:6789/api/status')).status).toBe(503);
  });
});

describe("inject() and the SDK's retries: an injection counts calls, a call's retries included", () => {
  const API = 'http://127.0.0.1:6789';
  const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

  /** A mock, an SDK client with its default options, and every request the client sent (its retry count); one for the block. */
  let shared: Promise<{ mock: InProcessMock; client: Client; sent: { path: string; retry: string | null }[] }> | undefined;
  const loggedIn = async () => {
    const made = await (shared ??= start());
    made.mock.clearInjections();
    made.sent.length = 0;
    return made;
  };

  async function start() {
    const mock = createInProcessMock({ baseUrl: API });
    const sent: { path: string; retry: string | null }[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      sent.push({
        path: new URL(typeof input === 'string' ? input : 'url' in input ? input.url : input.href).pathname,
        retry: new Headers(init?.headers).get('x-retry-count'),
      });
      return mock.fetch(input, init);
    };
    const client = createClient({ baseUrl: API, apiKey: KEY, fetch });
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    return { mock, client, sent };
  }

  /**
   * The time the SDK waited between attempts: every timer set while `run` ran, less each attempt's own timeout
   * (`attemptTimeout`). What the app waits for an answer beyond the requests themselves, read without a wall clock.
   */
  async function backoffOf<T>(run: () => PromiseLike<T>, attemptTimeout = 60_000): Promise<{ outcome: unknown; waits: number[] }> {
    const real = globalThis.setTimeout;
    const delays: number[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation((handler: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return real(handler, ms);
    });
    try {
      const outcome = await Promise.resolve(run()).catch((error: unknown) => error);
      return { outcome, waits: delays.filter((ms) => ms !== attemptTimeout) };
    } finally {
      spy.mockRestore();
    }
  }

  it("the docs' error state: an injected 500 reaches the app on the first request, with the SDK's default retries", async () => {
    const { mock, client, sent } = await loggedIn();
    mock.inject('pipelines.list', { error: { code: 500, type: 'internal_error', message: 'Database unavailable.' } });
    const { outcome, waits } = await backoffOf(() => client.pipelines.list());
    expect(outcome).toBeInstanceOf(InternalServerError);
    expect((outcome as InternalServerError).message).toContain('Database unavailable.');
    // One request, and no wait before the app sees it.
    expect(sent).toEqual([{ path: '/api/pipelines', retry: null }]);
    expect(waits).toEqual([]);
    // One call used it: the next call is answered.
    expect(await client.pipelines.list()).toEqual([]);
  });

  it('an injected HTTP status and a body of its own are final too; times counts calls', async () => {
    const { mock, client, sent } = await loggedIn();
    mock.inject('pipelines.list', { status: 503, message: 'Maintenance.' }, { times: 2 });
    for (let call = 0; call < 2; call++) {
      const { outcome, waits } = await backoffOf(() => client.pipelines.list());
      expect(outcome).toMatchObject({ status: 503, code: 503 });
      expect(waits).toEqual([]);
    }
    expect(sent).toHaveLength(2);
    expect(await client.pipelines.list()).toEqual([]);
  });

  it("a network failure fails the call's retries too, without using another count", async () => {
    const { mock, client, sent } = await loggedIn();
    mock.inject('pipelines.list', { networkError: true });
    // No answer carries a word for the SDK: it retries as it would a real outage, after its backoff (0.5 s, 1 s).
    const { outcome, waits } = await backoffOf(() => client.pipelines.list());
    expect(outcome).toBeInstanceOf(APIConnectionError);
    expect(sent.map((s) => s.retry)).toEqual([null, '1', '2']);
    expect(waits).toHaveLength(2);
    expect(await client.pipelines.list()).toEqual([]);
  });

  it("a timeout: latency past the SDK's timeout, on every attempt of the call", async () => {
    const { mock, client, sent } = await loggedIn();
    mock.inject('pipelines.list', { delay: 10_000 });
    const { outcome } = await backoffOf(() => client.pipelines.list(undefined, { timeout: 50 }), 50);
    expect(outcome).toBeInstanceOf(APIConnectionTimeoutError);
    expect(sent.map((s) => s.retry)).toEqual([null, '1', '2']);
  });

  it("per: 'request': each request uses a count, and the SDK retries a passing failure away", async () => {
    const { mock, client, sent } = await loggedIn();
    mock.inject('pipelines.list', { status: 503 }, { per: 'request' });
    const { outcome, waits } = await backoffOf(() => client.pipelines.list());
    expect(outcome).toEqual([]);
    expect(sent.map((s) => s.retry)).toEqual([null, '1']);
    expect(waits).toHaveLength(1);
  });

  it("clearInjections() ends it for the call's retries too", async () => {
    const { mock, client } = await loggedIn();
    mock.inject('statuses.health', { networkError: true });
    await expect(client.statuses.health({ maxRetries: 0 })).rejects.toBeInstanceOf(APIConnectionError);
    // A retry of that call would still meet it...
    await expect(mock.fetch(`${API}/api/status`, { headers: { 'X-Retry-Count': '1' } })).rejects.toThrow('injected network error');
    mock.clearInjections();
    // ...until cleared.
    expect((await mock.fetch(`${API}/api/status`, { headers: { 'X-Retry-Count': '2' } })).status).toBe(200);
  });

  it('refuses a scope it does not know', () => {
    const mock = createInProcessMock({ baseUrl: API });
    // @ts-expect-error: per is 'call' or 'request'
    expect(() => mock.inject('pipelines.list', { status: 503 }, { per: 'attempt' })).toThrow(
      `inject(pipelines.list): per must be 'call' or 'request', not "attempt"`,
    );
  });
});
