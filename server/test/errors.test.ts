import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, TestServer } from './harness.js';
import { pipelinesTable } from '../../core/src/model/pipelines.js';

/**
 * Writes bytes on a fresh socket (or lets `send` write them, in pieces) and reads until the server closes it (for
 * requests fetch will not send).
 */
function rawSocket(server: TestServer, bytes: string | ((socket: Socket) => void)): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => (typeof bytes === 'string' ? socket.end(bytes) : bytes(socket)));
    let text = '';
    socket
      .setEncoding('utf8')
      .on('data', (chunk) => (text += String(chunk)))
      .on('end', () => resolve(text))
      .on('error', reject);
  });
}

/** Sends a raw request (no JSON encoding by the harness) and returns status, headers and text. */
async function raw(server: TestServer, method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(new URL(path, server.url), { method, body: init.body, headers: { 'X-API-KEY': API_KEY, ...init.headers } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The envelope where the transport decides: bodies, content types, sockets, CORS, the log (the rest: core/test/errors.test.ts). */
describe('the error envelope, whatever goes wrong', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await TestServer.startLoggedIn());
  });
  afterAll(() => server.close());

  it('parses JSON whatever the content type, as Mage does (its docs send text/plain)', async () => {
    const reply = await raw(server, 'POST', '/api/pipelines', {
      body: JSON.stringify({ pipeline: { name: 'plain text' } }),
      headers: { 'OAUTH-TOKEN': token, 'Content-Type': 'text/plain' },
    });
    expect(JSON.parse(reply.text).pipeline.uuid).toBe('plain_text');
  });

  it('reads a UTF-8 body as body-parser reads one: a leading BOM dropped, characters split between packets, any JSON or text type', async () => {
    const named = async (name: string, headers: Record<string, string>, prefix = '') =>
      JSON.parse(
        (await raw(server, 'POST', '/api/pipelines', { body: prefix + JSON.stringify({ pipeline: { name } }), headers: { 'OAUTH-TOKEN': token, ...headers } }))
          .text,
      );
    expect((await named('bom', { 'Content-Type': 'application/json; charset=utf-8' }, '\uFEFF')).pipeline.uuid).toBe('bom');
    expect((await named('quoted charset', { 'Content-Type': 'text/plain; charset="UTF-8"' })).pipeline.uuid).toBe('quoted_charset');
    // Sent in two writes that cut a two-byte character (é) in half.
    const body = Buffer.from(JSON.stringify({ pipeline: { name: 'café split' } }));
    const cut = body.indexOf(0xa9); // the second byte of é
    const { hostname, port } = new URL(server.url);
    const answer = await rawSocket(server, (socket) => {
      socket.write(`POST /api/pipelines HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-API-KEY: ${API_KEY}\r\nOAUTH-TOKEN: ${token}\r\n`);
      socket.write(`Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      socket.write(body.subarray(0, cut));
      setImmediate(() => socket.end(body.subarray(cut)));
    });
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!).pipeline.name).toBe('café split');
  });

  it('goes on serving after an upload cut short', async () => {
    const { hostname, port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(`POST /api/pipelines HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-API-KEY: ${API_KEY}\r\nContent-Length: 100\r\n\r\n{"pipeline":`);
        setImmediate(() => socket.destroy());
      });
      socket.on('close', () => resolve());
    });
    expect((await raw(server, 'GET', '/api/pipelines', { headers: { 'OAUTH-TOKEN': token } })).status).toBe(200);
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

  it('answers a request Node cannot parse with HTTP error codes when its request line asks for them', async () => {
    const oversized = [
      `GET /api/oauths/github?_http_error_codes=1&code=${'%C3%A9'.repeat(3_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /api/pipelines?pad=${'a'.repeat(20_000)}&_http_error_codes=true HTTP/1.1\r\nHost: x\r\n\r\n`,
    ];
    for (const bytes of oversized) {
      const [head, body] = (await rawSocket(server, bytes)).split('\r\n\r\n');
      expect(head, bytes.slice(0, 60)).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(body!)).toEqual({
        error: { code: 400, type: 'api_resource_error', message: 'The request line and headers exceed 16 KB.' },
        status: 400,
      });
    }
    // Only that choice is read from an unparsed request: without it, HTTP 200 as before.
    const [head] = (await rawSocket(server, `GET /api/pipelines?_http_error_codes=&pad=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('answers HEAD like GET, without a body', async () => {
    const reply = await raw(server, 'HEAD', '/api/pipelines', { headers: { 'OAUTH-TOKEN': token } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.text).toBe('');
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
