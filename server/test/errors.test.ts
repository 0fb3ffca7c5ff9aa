import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository } from '../../core/src/repository/memory.js';
import { API_KEY, TestServer } from './harness.js';
import { pipelinesTable } from '../../core/src/model/pipelines.js';
import { blocksTable } from '../../core/src/model/blocks.js';

/** Writes bytes on a fresh socket and reads until the server closes it (for requests fetch will not send). */
function rawSocket(server: TestServer, bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes));
    let text = '';
    socket
      .setEncoding('utf8')
      .on('data', (chunk) => (text += String(chunk)))
      .on('end', () => resolve(text))
      .on('error', reject);
  });
}

/** `{"a":{"a":...1...}}`, `depth` objects deep, as text (JSON.stringify itself overflows on the deepest). */
const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Sends a raw request (no JSON encoding by the harness) and returns status, headers and text. */
async function raw(server: TestServer, method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(new URL(path, server.url), { method, body: init.body, headers: { 'X-API-KEY': API_KEY, ...init.headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('the error envelope, whatever goes wrong', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await TestServer.startLoggedIn());
  });
  afterAll(() => server.close());

  it('answers every catalogue error with HTTP 200, or with its code under _http_error_codes', async () => {
    const cases: [string, string, Parameters<TestServer['call']>[2], number, string][] = [
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

  it('parses JSON whatever the content type, as Mage does (its docs send text/plain)', async () => {
    const reply = await raw(server, 'POST', '/api/pipelines', {
      body: JSON.stringify({ pipeline: { name: 'plain text' } }),
      headers: { 'OAUTH-TOKEN': token, 'Content-Type': 'text/plain' },
    });
    expect(JSON.parse(reply.text).pipeline.uuid).toBe('plain_text');
  });

  it('answers a body over 1 MB with 413 api_resource_error', async () => {
    const body = JSON.stringify({ pipeline: { name: 'big', description: 'x'.repeat(1024 * 1024) } });
    const reply = await raw(server, 'POST', '/api/pipelines?_http_error_codes=1', { body, headers: { 'OAUTH-TOKEN': token } });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text).error).toMatchObject({ code: 413, type: 'api_resource_error' });
  });

  it('never answers with HTML, plain text or an empty body', async () => {
    const requests: [string, string][] = [
      ['GET', '/'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['POST', '/api/status'],
      ['GET', '/api/pipelines/a/b/c/d'],
      ['GET', '/api/pipelines/%E0%A4%A'],
      ['DELETE', '/api/pipelines'],
      ['PUT', '/api/users'],
      ['GET', '/api/users/..%2F..%2Fpipelines'],
      ['GET', '/api/pipelines/..%2F..%2Fetc'],
      ['POST', '/api/sessions/1'],
    ];
    for (const [method, path] of requests) {
      const reply = await raw(server, method, path, { headers: { 'OAUTH-TOKEN': token } });
      expect(reply.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
      const body = JSON.parse(reply.text);
      expect(body.error, `${method} ${path}`).toMatchObject({ code: expect.any(Number), type: expect.any(String), message: expect.any(String) });
      expect(reply.text).not.toMatch(/at .*\.ts:\d+|<html|stack/i);
    }
  });

  it('answers malformed percent-encoding in a path param as a bad request, not a missing route', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const reply = await raw(server, method, '/api/pipelines/%E0%A4%A?_http_error_codes=1', { headers: { 'OAUTH-TOKEN': token } });
      expect(reply.status, method).toBe(400);
      expect(JSON.parse(reply.text).error).toEqual({ code: 400, type: 'api_resource_error', message: 'The path has malformed percent-encoding.' });
    }
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

  it('answers bodies Express cannot decode (bad gzip, unknown encoding or charset) with api_resource_error', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ 'Content-Encoding': 'gzip' }, /^The request body could not be read: incorrect header check\.$/],
      [{ 'Content-Encoding': 'br' }, /^The request body could not be read: /],
      [{ 'Content-Encoding': 'x-unknown' }, /^The request body could not be read: unsupported content encoding "x-unknown"\.$/],
      [{ 'Content-Type': 'application/json; charset=klingon' }, /^The request body could not be read: unsupported charset "KLINGON"\.$/],
    ];
    for (const [headers, message] of cases) {
      const reply = await raw(server, 'POST', '/api/pipelines', { body: '{"pipeline": {"name": "encoded"}}', headers: { 'OAUTH-TOKEN': token, ...headers } });
      expect(JSON.parse(reply.text).error, JSON.stringify(headers)).toMatchObject({
        code: 400,
        type: 'api_resource_error',
        message: expect.stringMatching(message),
      });
    }
    expect(pipelinesTable.in(server.repo).get('encoded')).toBeUndefined();
  });

  it('answers requests Node cannot parse (oversized headers, malformed HTTP) with the envelope, then closes', async () => {
    const requests = [
      [`GET /api/pipelines?pad=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 'The request line and headers exceed 16 KB.'],
      [`GET /api/pipelines HTTP/1.1\r\nHost: x\r\nX-Pad: ${'b'.repeat(20_000)}\r\n\r\n`, 'The request line and headers exceed 16 KB.'],
      ['GARBAGE\r\n\r\n', 'The request is not valid HTTP/1.1.'],
      ['GET /api/pipelines HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n', 'The request is not valid HTTP/1.1.'],
      ['POST /api/pipelines HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n', 'The request is not valid HTTP/1.1.'],
    ];
    for (const [bytes, message] of requests) {
      const text = await rawSocket(server, bytes!);
      const [head, body] = text.split('\r\n\r\n');
      expect(head, bytes!.slice(0, 40)).toMatch(/^HTTP\/1\.1 200 OK\r\nContent-Type: application\/json; charset=utf-8\r\n.*Connection: close/s);
      expect(JSON.parse(body!)).toEqual({ error: { code: 400, type: 'api_resource_error', message }, status: 200 });
    }
    // The server is still serving.
    expect((await server.call('GET', '/api/pipelines', { token })).body.status).toBe(200);
  });

  it('answers HEAD like GET, without a body', async () => {
    const reply = await raw(server, 'HEAD', '/api/pipelines', { headers: { 'OAUTH-TOKEN': token } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.text).toBe('');
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

  it('answers CORS preflights from loopback origins and echoes the origin with credentials; not from others', async () => {
    const preflight = await raw(server, 'OPTIONS', '/api/pipelines', { headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-API-KEY.*OAUTH-TOKEN.*Authorization/);
    const foreign = await raw(server, 'OPTIONS', '/api/pipelines', { headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'POST' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(JSON.parse(foreign.text).error).toMatchObject({
      code: 403,
      type: 'unauthorized_access',
      message: 'The origin http://app.example is not allowed to call this server: add it to CORS_ORIGINS.',
    });
  });

  it('logs one line per request with method, path, status, error code and milliseconds, never a secret', async () => {
    server.lines.length = 0;
    await server.call('GET', '/api/pipelines', { apiKey: false, query: { api_key: API_KEY }, token });
    await server.call('GET', '/api/pipelines/missing', { token });
    await server.call('POST', '/api/sessions', { body: { session: { email: 'admin@admin.com', password: 'wrong-password' } } });
    expect(server.lines).toHaveLength(3);
    expect(server.lines[0]).toMatch(/^GET \/api\/pipelines 200 ok \d+\.\d+ms$/);
    expect(server.lines[1]).toMatch(/^GET \/api\/pipelines\/missing 200 error=404 \d+\.\d+ms$/);
    expect(server.lines[2]).toMatch(/^POST \/api\/sessions 200 error=404 /);
    expect(server.lines.join('\n')).not.toMatch(new RegExp(`${API_KEY}|${token}|wrong-password`));
  });
});

describe('internal faults', () => {
  it('answer internal_error without a trace, and change nothing', async () => {
    const repo = createMemoryRepository();
    const server = await TestServer.start({ repo: () => repo, config: { requireUserAuthentication: false } });
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
    const server = await TestServer.start({ repo: () => repo, config: { requireUserAuthentication: false } });
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
