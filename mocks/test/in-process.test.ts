import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { APIConnectionError, RecordNotFoundError, createClient } from '@pipeline-api/sdk';
import { createQueries } from '@pipeline-api/query';
import { createInProcessMock } from '../src/in-process-entry.js';
import { setupMockServer } from '../src/node.js';

const BASE = 'http://in-process.test';
const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('mock.fetch: the core in this process, no interception', () => {
  const mock = createInProcessMock({ baseUrl: BASE });
  const client = () => createClient({ baseUrl: BASE, apiKey: KEY, maxRetries: 0, fetch: mock.fetch });
  afterEach(() => mock.reset());

  it('serves the SDK: login, create, read, typed errors, pages', async () => {
    const c = client();
    await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const created = await c.pipelines.create({ name: 'in process' });
    expect((await c.pipelines.detail(created.uuid)).name).toBe('in process');
    await expect(c.pipelines.detail('missing')).rejects.toBeInstanceOf(RecordNotFoundError);
    for (const name of ['b', 'c']) await c.pipelines.create({ name });
    const seen: string[] = [];
    for await (const p of c.pipelines.list({ limit: 2 })) seen.push(p.uuid);
    expect(seen).toEqual(['b', 'c', 'in_process']);
  });

  it("answers a run in the _format asked for (Mage's run page polls with_basic_details) without a contract violation", async () => {
    const c = client();
    const { token } = await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const pipeline = await c.pipelines.create({ name: 'polled' });
    const trigger = await c.pipelines.pipelineSchedules.create(pipeline.uuid, { name: 'now', schedule_type: 'api', status: 'active' });
    const run = await c.pipelineSchedules.pipelineRuns.create(trigger.id, {});
    const reply = await mock.fetch(`${BASE}/api/pipeline_runs/${run.id}?_format=with_basic_details&api_key=${KEY}`, {
      headers: { Cookie: `oauth_token=${token}` },
    });
    const body = (await reply.json()) as { pipeline_run: Record<string, unknown> };
    expect(Object.keys(body.pipeline_run).sort()).toEqual(['execution_date', 'id', 'status']);
  });

  it("serves the query layer through the SDK client it is given (TanStack's queryFn as a QueryClient calls it)", async () => {
    const c = client();
    await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    await c.pipelines.create({ name: 'queried' });
    const options = createQueries(c).pipelines.list.queryOptions();
    const queryFn = options.queryFn as (context: { queryKey: typeof options.queryKey; signal: AbortSignal; meta: undefined }) => Promise<unknown>;
    const listed = await queryFn({ queryKey: options.queryKey, signal: new AbortController().signal, meta: undefined });
    expect(JSON.stringify(listed)).toContain('"uuid":"queried"');
  });

  it('answers byte for byte as the MSW handlers do, for the same requests', async () => {
    const sequence: [string, string, unknown?][] = [
      ['POST', '/api/sessions', { session: { email: 'admin@admin.com', password: 'admin' } }],
      ['GET', '/api/pipelines'],
      ['GET', '/api/pipelines?_limit=abc'],
      ['PATCH', '/api/pipelines'],
      ['GET', '/api/pipelines/%E0%A4%A'],
      ['HEAD', '/api/status'],
      ['GET', '/api/x/y/z'],
      ['POST', '/api/sessions', '{nope'],
    ];
    const replay = async (call: (url: string, init: RequestInit) => Promise<Response>) => {
      const texts: string[] = [];
      for (const [method, path, body] of sequence) {
        const init = { method, headers: { 'X-API-KEY': KEY }, body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body) };
        const reply = await call(`${BASE}${path}`, init);
        texts.push(`${reply.status} ${reply.headers.get('content-type')} ${await reply.text()}`);
      }
      return texts;
    };
    const viaFetch = await replay(mock.fetch);
    const server = setupMockServer({ baseUrl: BASE });
    server.listen();
    try {
      expect(await replay(fetch)).toEqual(viaFetch);
    } finally {
      server.close();
    }
    expect(viaFetch.filter((t) => t.includes('"error"')).length).toBe(6);
  });

  it('takes a URL, a Request or a path relative to baseUrl, and refuses URLs outside the API', async () => {
    expect((await mock.fetch('/api/status')).status).toBe(200);
    expect((await mock.fetch(new URL(`${BASE}/api/status`))).status).toBe(200);
    expect((await mock.fetch(new Request(`${BASE}/api/status`))).status).toBe(200);
    await expect(mock.fetch('http://elsewhere.test/api/status')).rejects.toThrow(/outside the mocked API/);
    // Read as fetch reads it, whichever way it is given: a method in any case, headers as a Headers object.
    const login = { method: 'post', body: JSON.stringify({ session: { email: 'admin@admin.com', password: 'admin' } }) };
    const viaRecord = await mock.fetch('/api/sessions', { ...login, headers: { 'X-API-KEY': KEY } });
    const viaHeaders = await mock.fetch('/api/sessions', { ...login, headers: new Headers({ 'X-API-KEY': KEY }) });
    expect([viaRecord.status, viaHeaders.status]).toEqual([200, 200]);
    expect(Object.keys(await viaHeaders.json())).toContain('session');
    await expect(mock.fetch('/api/status', { body: 'x' })).rejects.toThrow(TypeError);
  });

  it("applies injections: a network error rejects as fetch does, the call's retries included; per request, a retry gets through", async () => {
    mock.inject('statuses.list', { networkError: true });
    await expect(client().statuses.list()).rejects.toBeInstanceOf(APIConnectionError);
    const retrying = createClient({ baseUrl: BASE, apiKey: KEY, maxRetries: 1, fetch: mock.fetch });
    mock.inject('statuses.list', { networkError: true });
    await expect(retrying.statuses.list()).rejects.toBeInstanceOf(APIConnectionError);
    mock.inject('statuses.list', { networkError: true }, { per: 'request' });
    expect((await retrying.statuses.list())[0]!.status).toBe('ok');
  });

  it('rejects a request whose signal is already aborted, as fetch does', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gave up'));
    await expect(mock.fetch(`${BASE}/api/status`, { signal: controller.signal })).rejects.toThrow('gave up');
  });

  it('never loads msw: the in-process entry bundles without it', async () => {
    const bundle = await build({
      stdin: { contents: "export * from '@pipeline-api/mocks/in-process';", resolveDir: root, loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      conditions: ['@pipeline-api/source'],
    });
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(inputs.some((p) => p.includes('mocks/src/in-process.ts'))).toBe(true);
    expect(inputs.filter((p) => /node_modules\/(msw|@mswjs)\//.test(p))).toEqual([]);
  });
});

describe('the mock before its first request (the engine loads on first use)', () => {
  it('refuses a base URL that is not one where the mock is made', () => {
    expect(() => createInProcessMock({ baseUrl: 'not a url' })).toThrow(TypeError);
  });

  it('arms injections and moves its clock at once; the first request sees them', async () => {
    const mock = createInProcessMock({ baseUrl: BASE });
    mock.inject('statuses.health', { status: 503 });
    const start = mock.clock.now();
    mock.clock.advance(60_000);
    expect(mock.violations).toEqual([]);
    expect((await mock.fetch(`${BASE}/api/status?api_key=${KEY}`)).status).toBe(503);
    // The clock moved before the first request is the one the engine runs on: one second more for the request.
    expect(mock.clock.now()).toBe(start + 61_000);
    expect((await mock.fetch(`${BASE}/api/status?api_key=${KEY}`)).status).toBe(200);
  });
});

describe('CORS: the mock answers as a server that allows the calling page’s origin', () => {
  const BASE_URL = 'http://127.0.0.1:6789';
  it('answers a preflight, with or without the headers a browser adds, and echoes the origin on answers', async () => {
    const mock = createInProcessMock({ baseUrl: BASE_URL });
    const preflight = await mock.fetch(`${BASE_URL}/api/sessions`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-api-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,x-api-key');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    // happy-dom's preflight carries neither Origin nor Access-Control-Request-Method.
    const bare = await mock.fetch(`${BASE_URL}/api/pipelines`, { method: 'OPTIONS' });
    expect([bare.status, bare.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
    const answer = await mock.fetch(`${BASE_URL}/api/status`, { headers: { Origin: 'http://localhost:3000' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(answer.headers.get('access-control-expose-headers')).toContain('X-Should-Retry');
    expect((await mock.fetch(`${BASE_URL}/api/status`)).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a Request of another realm (a test environment’s own fetch classes)', () => {
  it('is read as a Request, not as a URL', async () => {
    const mock = createInProcessMock({ baseUrl: 'http://127.0.0.1:6789' });
    const native = new Request('http://127.0.0.1:6789/api/status', { headers: { 'X-API-KEY': 'k' } });
    // What instanceof cannot see: the same fields, another class.
    const foreign = { url: native.url, method: 'GET', headers: native.headers, text: () => native.text(), signal: native.signal };
    expect(foreign instanceof Request).toBe(false);
    const answer = await mock.fetch(foreign as unknown as Request);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ statuses: [{ status: 'ok' }] });
  });
});
