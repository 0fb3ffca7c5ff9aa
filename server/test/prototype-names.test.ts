import { setupMockServer } from '@pipeline-api/mocks/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, OWNER, TestServer, decodeJwtToken } from './harness.js';

/**
 * Client strings that name Object.prototype's members, where the API looks things up by a client's string:
 * sort keys, formats, path ids, query and header names, body keys. Each is an ordinary string: a 400 naming
 * what is allowed where the value must be one of a list, and never a 500, never silently taken as valid.
 * The same requests go to the server over HTTP and to the mocks.
 */
const PROTOTYPE_SORT_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '-__proto__', '-constructor', '-toString'];
const SORT_KEYS = 'uuid, name, type, created_at, updated_at, blocks';

interface Target {
  url: string;
  close(): Promise<void> | void;
}

const targets: [string, (config?: Record<string, unknown>) => Promise<Target>][] = [
  [
    'the server',
    async (config = {}) => {
      const server = await TestServer.start({ config });
      return { url: server.url, close: () => server.close() };
    },
  ],
  [
    'the mocks',
    async (config = {}) => {
      const url = `http://prototype-names-${Object.keys(config).length}.mocks.test`;
      const mock = setupMockServer({ baseUrl: url, config: { bcryptRounds: 4, ...config } });
      mock.listen({ onUnhandledRequest: 'bypass' });
      return { url, close: () => mock.close() };
    },
  ],
];

describe.each(targets)('client strings that name prototype members, against %s', (_name, start) => {
  let target: Target;
  let token: string;
  const call = async (method: string, path: string, options: { body?: unknown; headers?: [string, string][] } = {}) => {
    const response = await fetch(new URL(path, target.url), {
      method,
      headers: [['X-API-KEY', API_KEY], ['OAUTH-TOKEN', token], ['Content-Type', 'application/json'], ...(options.headers ?? [])],
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };

  beforeAll(async () => {
    target = await start();
    const login = await fetch(new URL('/api/sessions', target.url), {
      method: 'POST',
      headers: { 'X-API-KEY': API_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ session: OWNER }),
    });
    token = decodeJwtToken((await login.json()).session.token);
    // Two pipelines: sorting compares, so a sort key is read.
    for (const name of ['alpha', 'beta']) expect((await call('POST', '/api/pipelines', { body: { pipeline: { name } } })).body.pipeline.uuid).toBe(name);
  });
  afterAll(() => target.close());

  it('refuses a sort key that names a prototype member with a 400 naming the sort keys', async () => {
    for (const key of PROTOTYPE_SORT_KEYS) {
      for (const query of [
        `_order_by[]=${encodeURIComponent(key)}`,
        `_order_by[]=name&_order_by[]=${encodeURIComponent(key)}`,
        `_order_by[]=name,${encodeURIComponent(key)}`,
      ]) {
        const reply = await call('GET', `/api/pipelines?${query}&_http_error_codes=1`);
        expect(reply.status, query).toBe(400);
        expect(reply.body.error.type, query).toBe('api_resource_error');
        expect(reply.body.error.message, query).toContain('_order_by[]');
        expect(reply.body.error.message, query).toContain(SORT_KEYS);
      }
    }
    const empty = await call('GET', '/api/pipelines?_order_by[]=');
    expect(empty.body.error.message).toContain(SORT_KEYS);
    const sorted = await call('GET', '/api/pipelines?_order_by[]=-name');
    expect(sorted.body.pipelines.map((p: { uuid: string }) => p.uuid)).toEqual(['beta', 'alpha']);
  });

  it('reads _limit and _offset as decimal digits only, within the documented bounds', async () => {
    for (const [param, value] of [
      ['_limit', '0x10'],
      ['_limit', '1e3'],
      ['_limit', '-1'],
      ['_limit', '1.5'],
      ['_offset', ''],
      ['_offset', ' 1'],
      ['_offset', '9007199254740992'],
      ['_limit', 'constructor'],
      ['_limit', '1001'],
      ['_limit', '9007199254740991'],
    ]) {
      const reply = await call('GET', `/api/pipelines?${param}=${encodeURIComponent(value!)}`);
      expect(reply.body.error?.type, `${param}=${value}`).toBe('api_resource_error');
      expect(reply.body.error.message, `${param}=${value}`).toContain(param!);
    }
    const largest = await call('GET', '/api/pipelines?_limit=1000&_offset=1');
    expect(largest.body.pipelines.map((p: { uuid: string }) => p.uuid)).toEqual(['beta']);
    const farthest = await call('GET', '/api/pipelines?_offset=9007199254740991');
    expect(farthest.body.pipelines).toEqual([]);
  });

  it('takes prototype names as ordinary ids, formats, query names, header names and body keys', async () => {
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect((await call('GET', `/api/pipelines/${name}`)).body.error.type).toBe('record_not_found');
      expect((await call('GET', `/api/blocks/${name}`)).body.error.type).toBe('record_not_found');
      expect((await call('GET', `/api/users/${name}`)).body.error.type).toBe('record_not_found');
      expect((await call('GET', `/api/pipelines/alpha?_format=${name}`)).body.pipeline.uuid).toBe('alpha');
      expect((await call('GET', `/api/pipelines?${name}=1&_limit=1`)).body.pipelines).toHaveLength(1);
      expect((await call('GET', '/api/pipelines?_limit=1', { headers: [[name, 'x']] })).body.pipelines).toHaveLength(1);
    }
    // A body key `__proto__` (JSON.parse makes it an own key) is an attribute no one may write.
    const written = await call('POST', '/api/pipelines', { body: '{"pipeline": {"name": "gamma", "__proto__": {"type": "streaming"}}}' });
    expect(written.body.error).toMatchObject({ type: 'unauthorized_access', message: expect.stringContaining('__proto__') });
    // And a pipeline may be named after one.
    const named = await call('POST', '/api/pipelines', { body: { pipeline: { name: '__proto__' } } });
    expect(named.body.pipeline.uuid).toBe('__proto__');
    expect((await call('GET', '/api/pipelines/__proto__')).body.pipeline.name).toBe('__proto__');
    expect((await call('DELETE', '/api/pipelines/__proto__')).body.pipeline.uuid).toBe('__proto__');
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it('answers a wrong method with 405 and the Allow header', async () => {
    const reply = await call('PATCH', '/api/pipelines/alpha?_http_error_codes=1');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, PUT, DELETE');
    expect((await call('POST', '/api/status')).headers.get('allow')).toBe('GET');
  });

  it('answers with HTTP error codes by default when configured so (HTTP_ERROR_CODES=1)', async () => {
    const coded = await start({ httpErrorCodes: true });
    try {
      const response = await fetch(new URL('/api/pipelines', coded.url), { headers: { 'X-API-KEY': 'wrong' } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 401, type: 'invalid_api_key' }, status: 401 });
      expect((await fetch(new URL('/api/status', coded.url))).status).toBe(200);
    } finally {
      await coded.close();
    }
  });
});
