import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ApiError,
  ExpiredOAuthTokenError,
  InternalServerError,
  InvalidApiKeyError,
  InvalidOAuthTokenError,
  RateLimitError,
  RecordInvalidError,
  RecordNotFoundError,
  UnauthorizedAccessError,
  createClient,
  type Fetch,
} from '../src/index.js';
import { TestServer, API_KEY } from '../../server/test/harness.js';

describe('the SDK against the reference server', () => {
  let server: TestServer;
  const client = () => createClient({ baseUrl: server.url, apiKey: API_KEY });
  beforeAll(async () => {
    server = await TestServer.start();
  });
  afterAll(() => server.close());

  it('logs in, keeps the raw and decoded token, and logs out', async () => {
    const c = client();
    const session = await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    expect(session.user?.username).toBe('admin');
    expect(c.token?.raw).toBe(session.token);
    expect(c.token?.decoded).toMatch(/^[\w-]{43}$/);
    const made = await c.pipelines.create({ name: 'after login' });
    expect((await c.pipelines.list()).map((p) => p.uuid)).toContain(made.uuid);
    await c.pipelines.delete(made.uuid);
    await c.sessions.logout();
    expect(c.token).toBeUndefined();
    await expect(c.pipelines.list()).rejects.toBeInstanceOf(UnauthorizedAccessError);
  });

  // The server accepts a credential in every place, so each test looks at where the SDK put it.
  const TOKEN_PLACES = {
    'oauth-token': (token: { raw: string; decoded: string }) => ({ 'oauth-token': token.decoded, authorization: null, cookie: null }),
    bearer: (token: { raw: string; decoded: string }) => ({ 'oauth-token': null, authorization: `Bearer ${token.decoded}`, cookie: null }),
    cookie: (token: { raw: string; decoded: string }) => ({ 'oauth-token': null, authorization: null, cookie: `oauth_token=${token.raw}` }),
  } as const;

  it.each(Object.keys(TOKEN_PLACES) as (keyof typeof TOKEN_PLACES)[])('sends the token as %s, and only there', async (tokenLocation) => {
    const spy = spyingFetch();
    const c = createClient({ baseUrl: server.url, apiKey: API_KEY, tokenLocation, fetch: spy.fetch });
    await c.sessions.login({ username: 'admin', password: 'admin' });
    const token = { raw: c.token!.raw!, decoded: c.token!.decoded };
    const created = await c.pipelines.create({ name: `via ${tokenLocation}` });
    expect(created.uuid).toBe(`via_${tokenLocation.replace('-', '_')}`);
    const create = spy.sent.at(-1)!;
    expect(create.method).toBe('POST');
    const expected = TOKEN_PLACES[tokenLocation](token);
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, create.headers.get(name)]))).toEqual(expected);
    expect(create.url.searchParams.has('api_key')).toBe(false);
  });

  /** Where the API key went on a GET (the list) and on a POST (the create): header, query and body. */
  const KEY_PLACES = {
    header: { get: { header: true, query: false }, post: { header: true, query: false, body: false } },
    query: { get: { header: false, query: true }, post: { header: false, query: true, body: true } },
    // Mage reads a body key on POST only, so a GET carries it in the query.
    body: { get: { header: false, query: true }, post: { header: false, query: false, body: true } },
  } as const;

  it.each(Object.keys(KEY_PLACES) as (keyof typeof KEY_PLACES)[])('sends the API key in the %s', async (apiKeyLocation) => {
    const spy = spyingFetch();
    const c = createClient({ baseUrl: server.url, apiKey: API_KEY, apiKeyLocation, fetch: spy.fetch });
    await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    expect(Array.isArray(await c.pipelines.list())).toBe(true);
    const list = spy.sent.at(-1)!;
    const created = await c.pipelines.create({ name: `key in ${apiKeyLocation}` });
    const create = spy.sent.at(-1)!;
    await c.pipelines.delete(created.uuid);
    const where = (request: Sent) => ({
      header: request.headers.get('x-api-key') === API_KEY,
      query: request.url.searchParams.get('api_key') === API_KEY,
    });
    expect([list.method, where(list)]).toEqual(['GET', KEY_PLACES[apiKeyLocation].get]);
    expect(create.body).toMatchObject({ pipeline: { name: `key in ${apiKeyLocation}` } });
    const body = (create.body as Record<string, unknown>).api_key === API_KEY;
    expect([create.method, { ...where(create), body }]).toEqual(['POST', KEY_PLACES[apiKeyLocation].post]);
  });

  it('starts from a token given as raw JWT or decoded', async () => {
    const { raw, decoded } = await server.login();
    for (const token of [raw, decoded]) {
      const c = createClient({ baseUrl: server.url, apiKey: API_KEY, token });
      expect(c.token?.decoded).toBe(decoded);
      expect(Array.isArray(await c.users.list())).toBe(true);
    }
  });

  it('does CRUD on users, pipelines and blocks and returns unwrapped resources', async () => {
    const c = client();
    await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const user = await c.users.create({ email: 'sdk@example.com', password: 'password1', password_confirmation: 'password1', roles_new: [3] });
    expect(user.roles_display).toBe('Editor');
    expect((await c.users.update(user.id, { first_name: 'Sam' })).first_name).toBe('Sam');
    expect((await c.users.detail(user.id)).email).toBe('sdk@example.com');

    const pipeline = await c.pipelines.create({ name: 'sdk pipeline', tags: ['sdk'] });
    expect(pipeline.uuid).toBe('sdk_pipeline');
    const load = await c.pipelines.blocks.create(pipeline.uuid, { name: 'load', type: 'data_loader', content: 'x = 1' });
    const clean = await c.pipelines.blocks.create(pipeline.uuid, { name: 'clean', type: 'transformer', upstream_blocks: [load.uuid] });
    expect(clean.upstream_blocks).toEqual(['load']);
    expect((await c.pipelines.blocks.detail(pipeline.uuid, 'load')).downstream_blocks).toEqual(['clean']);
    expect((await c.pipelines.blocks.list(pipeline.uuid)).map((b) => b.uuid)).toEqual(['load', 'clean']);
    expect((await c.pipelines.blocks.update(pipeline.uuid, 'clean', { color: 'teal' })).color).toBe('teal');
    expect((await c.blocks.detail('load')).pipelines).toEqual(['sdk_pipeline']);
    expect((await c.blocks.update('load', { content: 'x = 2' })).content).toBe('x = 2');
    await expect(c.pipelines.blocks.delete(pipeline.uuid, 'load')).rejects.toBeInstanceOf(RecordInvalidError);
    expect((await c.pipelines.blocks.delete(pipeline.uuid, 'load', { force: true })).uuid).toBe('load');
    expect((await c.blocks.list()).map((b) => b.uuid)).toContain('clean');
    expect((await c.pipelines.update(pipeline.uuid, { name: 'renamed by sdk' })).uuid).toBe('renamed_by_sdk');
    expect((await c.pipelines.detail('renamed_by_sdk')).blocks?.map((b) => b.uuid)).toEqual(['clean']);
    expect((await c.pipelines.delete('renamed_by_sdk')).uuid).toBe('renamed_by_sdk');
    expect((await c.users.delete(user.id)).id).toBe(user.id);
    expect((await c.statuses.list())[0]?.status).toBe('ok');
  });

  it('auto-paginates with for await, and exposes pages and metadata', async () => {
    const c = client();
    await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    for (let i = 0; i < 7; i++) await c.pipelines.create({ name: `page item ${i}` });
    const all: string[] = [];
    for await (const p of c.pipelines.list({ limit: 3, search: 'page_item' })) all.push(p.uuid);
    expect(all).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `page_item_${i}`));
    const pages = [];
    for await (const page of c.pipelines.list({ limit: 3, search: 'page_item' }).pages()) pages.push(page);
    expect(pages.map((p) => [p.offset, p.data.length, p.next])).toEqual([
      [0, 3, true],
      [3, 3, true],
      [6, 1, false],
    ]);
    const first = await c.pipelines.list({ limit: 3, offset: 3, search: 'page_item', order_by: ['-name'] }).withResponse();
    expect(first.data.map((p) => p.uuid)).toEqual(['page_item_3', 'page_item_2', 'page_item_1']);
    expect(first.metadata).toEqual({ count: 7, next: true, results: 3 });
    expect(first.response.status).toBe(200);
  });

  it('throws a typed error for every catalogue type', async () => {
    const c = client();
    await expect(createClient({ baseUrl: server.url, apiKey: 'wrong' }).pipelines.list()).rejects.toBeInstanceOf(InvalidApiKeyError);
    await expect(createClient({ baseUrl: server.url, apiKey: API_KEY, token: 'x'.repeat(43) }).pipelines.list()).rejects.toBeInstanceOf(InvalidOAuthTokenError);
    await expect(c.pipelines.list()).rejects.toBeInstanceOf(UnauthorizedAccessError);
    const login = await c.sessions.login({ email: 'admin@admin.com', password: 'nope' }).catch((e: any) => e);
    expect(login).toBeInstanceOf(RecordNotFoundError);
    expect(login).toMatchObject({ code: 404, type: 'record_not_found', status: 200, message: 'Email/username and/or password invalid.' });
    await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const invalid = await c.pipelines.create({ name: 'bad', type: 'cobol' as 'python' }).catch((e: any) => e);
    expect(invalid).toBeInstanceOf(RecordInvalidError);
    expect(invalid.errors).toEqual([{ path: 'pipeline.type', message: expect.any(String) }]);
    const { decoded } = await server.login();
    const stale = createClient({ baseUrl: server.url, apiKey: API_KEY, token: decoded });
    await server.call('PUT', '/api/sessions/1', { token: decoded });
    await expect(stale.pipelines.list()).rejects.toBeInstanceOf(ExpiredOAuthTokenError);
  });

  it('waits out a login lockout (429 with Retry-After) and then logs in', async () => {
    const strict = await TestServer.start({ config: { loginThrottle: { maxFailures: 2, windowSeconds: 1 } } });
    const c = createClient({ baseUrl: strict.url, apiKey: API_KEY, maxRetries: 3 });
    for (let i = 0; i < 2; i++) await expect(c.sessions.login({ email: 'admin@admin.com', password: 'no' })).rejects.toBeInstanceOf(RecordNotFoundError);
    const locked = await createClient({ baseUrl: strict.url, apiKey: API_KEY, maxRetries: 0 })
      .sessions.login({ email: 'admin@admin.com', password: 'admin' })
      .catch((e: any) => e);
    expect(locked).toBeInstanceOf(RateLimitError);
    expect(locked.response.headers.get('retry-after')).toBe('1');
    const started = Date.now();
    expect((await c.sessions.login({ email: 'admin@admin.com', password: 'admin' })).user?.username).toBe('admin');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    await strict.close();
  });

  it('works with user authentication off', async () => {
    const open = await TestServer.start({ config: { requireUserAuthentication: false } });
    const c = createClient({ baseUrl: open.url, apiKey: API_KEY });
    expect((await c.pipelines.create({ name: 'open' })).uuid).toBe('open');
    expect((await c.users.list()).length).toBe(1);
    await open.close();
  });
});

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** The global fetch, keeping what each request carried (its URL, headers and JSON body). */
function spyingFetch() {
  const sent: Sent[] = [];
  const fetch: Fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method: init?.method ?? 'GET', url, headers: new Headers(init?.headers), body });
    return globalThis.fetch(input, init);
  };
  return { fetch, sent };
}

/** A fetch that answers from a script and counts calls. */
function scripted(...answers: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch: Fetch = async (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : String(input), init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return answer();
  };
  return { fetch, calls };
}
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const okList = () => json({ pipelines: [], metadata: { count: 0, next: false }, status: 200 });
const sdk = (fetch: Fetch, extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch, ...extra });

describe('the SDK on its own: errors, retries, timeouts', () => {
  it('keeps a path prefix of baseUrl (a server behind a reverse proxy at /mage)', async () => {
    const { fetch, calls } = scripted(okList);
    await createClient({ baseUrl: 'http://api.test/mage', apiKey: 'k', fetch }).pipelines.list();
    await createClient({ baseUrl: 'http://api.test/mage/', apiKey: 'k', fetch }).pipelines.list();
    await createClient({ baseUrl: 'http://api.test', apiKey: 'k', fetch }).pipelines.list();
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/mage/api/pipelines', '/mage/api/pipelines', '/api/pipelines']);
  });

  it('parses Mage crash bodies, HTTP error codes and bodies without an envelope', async () => {
    const crash = {
      error: { code: 500, errors: ['  File "x.py", line 1'], exception: 'Pipeline nope does not exist.', message: 'Traceback (most recent call last)...' },
      url_parameters: {},
    };
    const e1 = await sdk(scripted(() => json(crash)).fetch, { maxRetries: 0 })
      .pipelines.detail('nope')
      .catch((e: any) => e);
    expect(e1).toBeInstanceOf(InternalServerError);
    expect(e1).toMatchObject({ code: 500, type: 'internal_error', message: 'Pipeline nope does not exist.', errors: [] });
    const e2 = await sdk(scripted(() => json({ error: { code: 401, message: 'Invalid API key.', type: 'invalid_api_key' }, status: 200 }, 401)).fetch)
      .pipelines.list()
      .catch((e: any) => e);
    expect(e2).toBeInstanceOf(InvalidApiKeyError);
    expect(e2.status).toBe(401);
    const e3 = await sdk(scripted(() => new Response('', { status: 405 })).fetch)
      .pipelines.list()
      .catch((e: any) => e);
    expect(e3).toBeInstanceOf(ApiError);
    expect(e3.code).toBe(405);
    const modelInvalid = {
      error: {
        code: 200,
        errors: { error: 'Email address is invalid.', metadata: { key: 'email', value: 'x' } },
        message: 'Record is invalid.',
        type: 'record_invalid',
      },
      status: 200,
    };
    const e4 = await sdk(scripted(() => json(modelInvalid)).fetch)
      .users.create({ email: 'x', password: 'p', password_confirmation: 'p' })
      .catch((e: any) => e);
    expect(e4).toBeInstanceOf(RecordInvalidError);
    expect(e4.errors).toEqual([{ path: 'email', message: 'Email address is invalid.' }]);
  });

  it('inspects as one line in Node (an uncaught error, console.log): class, code, type, message, method and path', async () => {
    const exists = { error: { code: 400, message: 'Pipeline arwen_starlight already exists.', type: 'record_invalid' }, status: 200 };
    const invalid = await sdk(scripted(() => json(exists)).fetch)
      .pipelines.create({ name: 'arwen starlight' })
      .catch((e: unknown) => e);
    expect(inspect(invalid)).toBe('RecordInvalidError [400 record_invalid]: Pipeline arwen_starlight already exists. (POST /api/pipelines)');
    const missing = await sdk(scripted(() => json({ error: { code: 404, message: 'Not found.', type: 'record_not_found' } })).fetch)
      .pipelines.blocks.detail('a b', 'c')
      .catch((e: unknown) => e);
    expect(inspect(missing)).toBe('RecordNotFoundError [404 record_not_found]: Not found. (GET /api/pipelines/a%20b/blocks/c)');
    const offline = await sdk(scripted(() => Promise.reject(new TypeError('fetch failed'))).fetch, { maxRetries: 0 })
      .pipelines.list()
      .catch((e: unknown) => e);
    expect(inspect(offline)).toBe('APIConnectionError: Connection failed: GET http://api.test/api/pipelines (fetch failed). Is the server running?');
    // An API trigger's token is a credential: never in the line.
    const refused = await sdk(scripted(() => json({ error: { code: 403, message: 'Unauthorized.', type: 'unauthorized_access' } })).fetch)
      .pipelineSchedules.pipelineRunsWithToken.create(7, 'secret-token', {})
      .catch((e: unknown) => e);
    expect(inspect(refused)).toBe('UnauthorizedAccessError [403 unauthorized_access]: Unauthorized. (POST /api/pipeline_schedules/7/pipeline_runs/***)');
  });

  it('retries connection errors with backoff, then succeeds', async () => {
    const { fetch, calls } = scripted(
      () => Promise.reject(new TypeError('fetch failed')),
      () => Promise.reject(new TypeError('fetch failed')),
      okList,
    );
    const started = Date.now();
    expect(await sdk(fetch).pipelines.list()).toEqual([]);
    expect(calls).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000); // 0.5 s + 1 s, less up to 25 % jitter
  });

  it('retries 429 and 5xx (HTTP or envelope code), honouring Retry-After; not 4xx', async () => {
    const limited = scripted(
      () => json({ error: { code: 429, message: 'Too many', type: 'api_resource_error' }, status: 200 }, 200, { 'retry-after': '0' }),
      okList,
    );
    expect(await sdk(limited.fetch).pipelines.list()).toEqual([]);
    expect(limited.calls).toHaveLength(2);
    const internal = scripted(() => json({ error: { code: 500, message: 'boom', type: 'internal_error' }, status: 200 }, 200, { 'retry-after-ms': '1' }));
    await expect(sdk(internal.fetch, { maxRetries: 3 }).pipelines.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(internal.calls).toHaveLength(4);
    const http503 = scripted(() => new Response('unavailable', { status: 503, headers: { 'retry-after': '0' } }), okList);
    expect(await sdk(http503.fetch).pipelines.list()).toEqual([]);
    const rate = await sdk(scripted(() => new Response('', { status: 429, headers: { 'retry-after': '0' } })).fetch, { maxRetries: 1 })
      .pipelines.list()
      .catch((e: any) => e);
    expect(rate).toBeInstanceOf(RateLimitError);
    const missing = scripted(() => json({ error: { code: 404, message: 'no', type: 'record_not_found' }, status: 200 }));
    await expect(sdk(missing.fetch).pipelines.detail('x')).rejects.toBeInstanceOf(RecordNotFoundError);
    expect(missing.calls).toHaveLength(1);
  });

  it('marks each retry with X-Retry-Count (never the first attempt), and honours the answer’s X-Should-Retry', async () => {
    const retried = scripted(() => json({ error: { code: 500, message: 'boom', type: 'internal_error' }, status: 200 }, 200, { 'retry-after-ms': '0' }));
    await expect(sdk(retried.fetch).pipelines.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(retried.calls.map((c) => new Headers(c.init?.headers).get('x-retry-count'))).toEqual([null, '1', '2']);
    // `false` makes a retryable failure final: one request, thrown at once.
    const final = scripted(() => json({ error: { code: 500, message: 'boom', type: 'internal_error' }, status: 200 }, 200, { 'X-Should-Retry': 'false' }));
    await expect(sdk(final.fetch).pipelines.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(final.calls).toHaveLength(1);
    // `true` retries what the SDK would not (a 409), up to maxRetries.
    const conflict = scripted(
      () => json({ error: { code: 409, message: 'busy', type: 'api_resource_error' }, status: 200 }, 200, { 'x-should-retry': 'true', 'retry-after-ms': '0' }),
      okList,
    );
    expect(await sdk(conflict.fetch).pipelines.list()).toEqual([]);
    expect(conflict.calls).toHaveLength(2);
    // Anything else is no word at all: the status decides.
    const unclear = scripted(() => json({ error: { code: 404, message: 'no', type: 'record_not_found' }, status: 200 }, 200, { 'x-should-retry': 'maybe' }));
    await expect(sdk(unclear.fetch).pipelines.detail('x')).rejects.toBeInstanceOf(RecordNotFoundError);
    expect(unclear.calls).toHaveLength(1);
  });

  it('times out each attempt and retries it; aborts at once on the caller’s signal', async () => {
    const hang: Fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    let attempts = 0;
    const counting: Fetch = (input, init) => (attempts++, hang(input, init));
    const timedOut = await sdk(counting, { timeout: 30, maxRetries: 1 })
      .pipelines.list()
      .catch((e: any) => e);
    expect(timedOut).toBeInstanceOf(APIConnectionTimeoutError);
    expect(timedOut).toBeInstanceOf(APIConnectionError);
    expect(attempts).toBe(2);
    attempts = 0;
    const controller = new AbortController();
    const pending = sdk(counting)
      .pipelines.list(undefined, { signal: controller.signal })
      .catch((e: any) => e);
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toBeInstanceOf(APIUserAbortError);
    expect(attempts).toBe(1);
    const already = new AbortController();
    already.abort();
    await expect(sdk(counting).pipelines.list(undefined, { signal: already.signal })).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('tolerates enum values a newer server adds', async () => {
    const block = { uuid: 'q', name: 'q', type: 'quantum_loader', language: 'julia', status: 'teleported' };
    const b = await sdk(scripted(() => json({ block, metadata: null, status: 200 })).fetch).blocks.detail('q');
    expect(b.type).toBe('quantum_loader');
  });

  it('sends the client headers, encodes path params and maps query names', async () => {
    const { fetch, calls } = scripted(() => json({ blocks: [], metadata: { count: 0, next: false }, status: 200 }));
    await sdk(fetch, { headers: { 'X-Trace': 't1' } }).pipelines.blocks.list('a b/c', { limit: 5, block_uuid: ['x', 'y'] }, { headers: { 'X-Call': 'c1' } });
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe('/api/pipelines/a%20b%2Fc/blocks');
    expect(url.searchParams.get('_limit')).toBe('5');
    expect(url.searchParams.getAll('block_uuid[]')).toEqual(['x', 'y']);
    expect(calls[0]!.init?.headers).toMatchObject({ 'X-Trace': 't1', 'X-Call': 'c1', 'X-API-KEY': 'k' });
  });

  it('refuses a client without baseUrl or apiKey', () => {
    expect(() => createClient({ baseUrl: '', apiKey: 'k' })).toThrow(/baseUrl/);
    expect(() => createClient({ baseUrl: 'http://x', apiKey: '' })).toThrow(/apiKey/);
  });
});
