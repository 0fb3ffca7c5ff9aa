import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository } from '../src/repository/memory.js';
import { parseBody } from '../src/raw-request.js';
import { TestApi } from './harness.js';
import { pipelinesTable } from '../src/model/pipelines.js';
import { blocksTable } from '../src/model/blocks.js';

/** `{"a":{"a":...1...}}`, `depth` objects deep, as text (JSON.stringify itself overflows on the deepest). */
const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/**
 * Sends a raw body (no JSON encoding by the harness), read by the core's body parser as a transport hands it over,
 * and returns status, headers and the answer as text. What a transport does with the bytes first (content types,
 * encodings, the size limit) is tested over HTTP in server/test/errors.test.ts.
 */
async function raw(server: TestApi, method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const reply = await server.call(method, path, { rawBody: init.body, headers: init.headers });
  return { status: reply.status, headers: reply.headers, text: JSON.stringify(reply.body) };
}

describe('the error envelope, whatever goes wrong', () => {
  let server: TestApi;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await TestApi.startLoggedIn());
  });
  afterAll(() => server.close());

  it('answers every catalogue error with HTTP 200, or with its code under _http_error_codes', async () => {
    const cases: [string, string, Parameters<TestApi['call']>[2], number, string][] = [
      ['POST', '/api/pipelines', { token, body: { pipeline: { name: 1 } } }, 400, 'record_invalid'],
      ['GET', '/api/pipelines', { token, query: { _limit: 'abc' } }, 400, 'api_resource_error'],
      ['GET', '/api/pipelines', { apiKey: 'wrong' }, 401, 'invalid_api_key'],
      ['GET', '/api/pipelines', { token: 'x'.repeat(43) }, 401, 'invalid_oauth_token'],
      ['GET', '/api/pipelines', {}, 403, 'unauthorized_access'],
      ['GET', '/api/pipelines/missing', { token }, 404, 'record_not_found'],
      ['PATCH', '/api/pipelines', { token }, 405, 'api_resource_error'],
      ['GET', '/api/nothing_here', { token }, 404, 'record_not_found'],
    ];
    for (const [method, path, options, code, type] of cases) {
      const plain = await server.call(method, path, options);
      expect(plain.status, `${method} ${path}`).toBe(200);
      expect(plain.body).toMatchObject({ error: { code, type }, status: 200 });
      expect(typeof plain.body.error.message).toBe('string');
      const coded = await server.call(method, path, { ...options, query: { ...options?.query, _http_error_codes: 'true' } });
      expect(coded.status, `${method} ${path} with _http_error_codes`).toBe(code);
      expect(coded.body).toMatchObject({ error: { code, type }, status: code });
    }
  });

  it('answers an expired token with expired_oauth_token', async () => {
    const { decoded } = await server.login();
    await server.call('DELETE', '/api/sessions/1', { token: decoded });
    const reply = await server.call('GET', '/api/pipelines', { token: decoded, query: { _http_error_codes: '1' } });
    expect(reply.status).toBe(401);
    expect(reply.body.error.type).toBe('expired_oauth_token');
  });

  it('answers malformed, non-object and non-JSON bodies with api_resource_error', async () => {
    const headers = { 'OAUTH-TOKEN': token, 'Content-Type': 'application/json' };
    for (const body of ['{bad', '{"pipeline": {"name": "x"}', '']) {
      if (body === '') continue;
      const reply = await raw(server, 'POST', '/api/pipelines', { body, headers });
      expect(JSON.parse(reply.text).error).toMatchObject({ code: 400, type: 'api_resource_error' });
      expect(JSON.parse(reply.text).error.message).toMatch(/^Malformed JSON body/);
    }
    for (const body of ['[1,2]', '"text"', '42']) {
      const reply = await raw(server, 'POST', '/api/pipelines', { body, headers });
      expect(JSON.parse(reply.text).error).toEqual({ code: 400, type: 'api_resource_error', message: 'The request body must be a JSON object.' });
    }
    const form = await raw(server, 'POST', '/api/pipelines', {
      body: 'pipeline[name]=x',
      headers: { 'OAUTH-TOKEN': token, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(JSON.parse(form.text).error.type).toBe('api_resource_error');
    const empty = await raw(server, 'POST', '/api/pipelines', { headers: { 'OAUTH-TOKEN': token } });
    expect(JSON.parse(empty.text).error).toMatchObject({ type: 'record_invalid', errors: [{ path: 'pipeline', message: 'is required' }] });
  });

  it('measures the nesting of the shortest bodies that pass 100 levels', () => {
    // 101 levels take 202 characters at the least; 100 levels fit in 200, and so does every shorter body.
    expect(() => parseBody(`${'['.repeat(101)}${']'.repeat(101)}`)).toThrow('more than 100 levels deep');
    expect(() => parseBody(`{"a":${'['.repeat(100)}${']'.repeat(100)}}`)).toThrow('more than 100 levels deep');
    expect(parseBody(`${'['.repeat(100)}${']'.repeat(100)}`)).toHaveLength(1);
  });

  it('refuses bodies nested over 100 levels, at any depth, and stores nothing', async () => {
    const headers = { 'OAUTH-TOKEN': token };
    await server.call('POST', '/api/pipelines', { token, body: { pipeline: { name: 'nesting' } } });
    // The body and the block take 2 of the 100 levels: the configuration may nest 98.
    const block = (name: string, depth: number) => `{"block": {"name": "${name}", "type": "transformer", "configuration": ${nested(depth)}}}`;
    const accepted = await raw(server, 'POST', '/api/pipelines/nesting/blocks', { body: block('deep98', 98), headers });
    expect(JSON.parse(accepted.text).block.uuid).toBe('deep98');
    for (const depth of [99, 5_000, 100_000]) {
      const reply = await raw(server, 'POST', '/api/pipelines/nesting/blocks', { body: block(`deep${depth}`, depth), headers });
      expect(JSON.parse(reply.text).error, `depth ${depth}`).toEqual({
        code: 400,
        type: 'api_resource_error',
        message: 'The request body nests arrays and objects more than 100 levels deep.',
      });
      expect(blocksTable.in(server.repo).get(`deep${depth}`)).toBeUndefined();
    }
    const arrays = await raw(server, 'PUT', '/api/pipelines/nesting', {
      body: `{"pipeline": {"tags": ${'['.repeat(150_000)}${']'.repeat(150_000)}}}`,
      headers,
    });
    expect(JSON.parse(arrays.text).error.type).toBe('api_resource_error');
    // The stored pipeline still reads, and presents its one block.
    const read = await server.call('GET', '/api/pipelines/nesting', { token });
    expect(read.body.pipeline.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['deep98']);
  });

  it('refuses prototype keys as unknown attributes and stores nothing', async () => {
    const reply = await raw(server, 'POST', '/api/pipelines', {
      body: '{"pipeline": {"name": "proto", "__proto__": {"polluted": true}}}',
      headers: { 'OAUTH-TOKEN': token },
    });
    expect(JSON.parse(reply.text).error).toMatchObject({ code: 403, message: 'write of __proto__ on create is disabled for pipelines.' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(pipelinesTable.in(server.repo).get('proto')).toBeUndefined();
  });
});

describe('internal faults', () => {
  it('answer internal_error without a trace, and change nothing', async () => {
    const repo = createMemoryRepository();
    const server = await TestApi.start({ repo: () => repo, config: { requireUserAuthentication: false } });
    await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'kept' } } });
    const sortedKeys = pipelinesTable.in(repo).sortedKeys.bind(pipelinesTable.in(repo));
    pipelinesTable.in(repo).sortedKeys = () => {
      throw new Error('disk on fire at /secret/path');
    };
    const reply = await server.call('GET', '/api/pipelines');
    expect(reply.body).toEqual({ error: { code: 500, message: 'Internal server error.', type: 'internal_error' }, status: 200 });
    const coded = await server.call('GET', '/api/pipelines', { query: { _http_error_codes: '1' } });
    expect(coded.status).toBe(500);
    pipelinesTable.in(repo).sortedKeys = sortedKeys;
    expect((await server.call('GET', '/api/pipelines')).body.pipelines.map((p: { uuid: string }) => p.uuid)).toEqual(['kept']);
    await server.close();
  });

  it('roll back a write that fails halfway', async () => {
    const repo = createMemoryRepository();
    const server = await TestApi.start({ repo: () => repo, config: { requireUserAuthentication: false } });
    await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'one' } } });
    await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'two' } } });
    const put = pipelinesTable.in(repo).put.bind(pipelinesTable.in(repo));
    let writes = 0;
    pipelinesTable.in(repo).put = (record) => {
      if (++writes === 2) throw new Error('write failed');
      put(record);
    };
    const reply = await server.call('POST', '/api/pipelines/one/blocks', { body: { block: { name: 'b', type: 'transformer', pipelines: ['two'] } } });
    expect(reply.body.error.type).toBe('internal_error');
    pipelinesTable.in(repo).put = put;
    expect(blocksTable.in(repo).get('b')).toBeUndefined();
    expect(pipelinesTable.in(repo).get('one')!.sections.blocks).toEqual([]);
    expect(pipelinesTable.in(repo).get('two')!.sections.blocks).toEqual([]);
    await server.close();
  });
});
