import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProxy, type RunningProxy } from '../proxy.js';

interface FakeServer {
  url: string;
  /** `METHOD path` of every request it got. */
  seen: string[];
  /** Requests whose connection closed before this server answered. */
  abandoned: number;
  close(): Promise<void>;
}

let dir: string;
let proxy: RunningProxy | undefined;
const servers: FakeServer[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proxy-hostile-'));
});

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  for (const server of servers.splice(0)) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A server on 127.0.0.1 that records what reaches it and answers with `handle`. */
async function fakeServer(handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('{}')): Promise<FakeServer> {
  const fake: FakeServer = { url: '', seen: [], abandoned: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    fake.seen.push(`${req.method} ${req.url}`);
    res.once('close', () => {
      if (!res.writableFinished) fake.abandoned++;
    });
    req.resume();
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  servers.push(fake);
  return fake;
}

/** Sends one raw request line (as a hostile client may) and answers the whole reply. */
function rawRequest(base: string, requestLine: string, headers: string[] = []): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write([requestLine, `Host: ${hostname}:${port}`, ...headers, 'Connection: close', '', ''].join('\r\n'));
    });
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString('utf8')));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
  });
}

describe('the contract proxy against hostile requests', () => {
  it('never sends a request, or the credentials it carries, to a server other than the target', async () => {
    const target = await fakeServer();
    const elsewhere = await fakeServer();
    proxy = await startProxy({ target: target.url });
    const elsewhereHost = new URL(elsewhere.url).host;

    // A path that starts with `//` is a path on the target, not another host.
    await rawRequest(proxy.url, `GET //${elsewhereHost}/api/pipelines HTTP/1.1`, ['X-API-KEY: planted-key-123456']);
    // An absolute-form request line names another server: refused with the envelope.
    const absolute = await rawRequest(proxy.url, `GET ${elsewhere.url}/api/pipelines HTTP/1.1`, ['X-API-KEY: planted-key-123456']);

    expect(elsewhere.seen).toEqual([]);
    expect(target.seen).toEqual([`GET //${elsewhereHost}/api/pipelines`]);
    const body = JSON.parse(absolute.slice(absolute.indexOf('\r\n\r\n') + 4));
    expect(body.error).toMatchObject({ code: 400, type: 'api_resource_error', message: expect.stringContaining('paths only') });
  });

  it('never forwards a dot segment, in any spelling: the target would resolve it to another record', async () => {
    const target = await fakeServer();
    proxy = await startProxy({ target: target.url });
    for (const path of [
      '/api/pipelines/victim/blocks/%2E%2E',
      '/api/pipelines/victim/blocks/%2e.',
      '/api/pipelines/victim/blocks/..',
      '/api/pipelines/victim\\..',
      '/api/pipelines/victim/blocks/.?x=1',
    ]) {
      const reply = await rawRequest(proxy.url, `DELETE ${path} HTTP/1.1`);
      const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
      expect(body.error, path).toMatchObject({ code: 400, type: 'api_resource_error', message: expect.stringContaining('not forwarded') });
    }
    // Dots inside a segment are data, and so is an encoded slash.
    await rawRequest(proxy.url, 'DELETE /api/pipelines/victim/blocks/a..b HTTP/1.1');
    await rawRequest(proxy.url, 'DELETE /api/pipelines/victim/blocks/..%2F HTTP/1.1');
    expect(target.seen).toEqual(['DELETE /api/pipelines/victim/blocks/a..b', 'DELETE /api/pipelines/victim/blocks/..%2F']);
  });

  it('masks credentials sent in odd shapes: a number, a list, a form body, HTTP Basic', async () => {
    const target = await fakeServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end('{"session":{"token":"opaque-token-0987654321"}}');
    });
    const har = join(dir, 'exchanges.har');
    proxy = await startProxy({ target: target.url, recordExchanges: har });
    const post = (body: string, headers: Record<string, string>) => fetch(`${proxy!.url}/api/sessions`, { method: 'POST', headers, body });
    await post(JSON.stringify({ session: { email: 'a@b.c', password: 31415926535 } }), { 'Content-Type': 'application/json' });
    await post(JSON.stringify({ token: ['list-token-abcdefgh'], api_key: { value: 'object-key-abcdefgh' } }), { 'Content-Type': 'application/json' });
    await post('email=a%40b.c&password=form-password-xyz&api_key=form-key-abcdefgh', { 'Content-Type': 'application/x-www-form-urlencoded' });
    const basic = Buffer.from('admin:basic-password-xyz').toString('base64');
    await post('', { Authorization: `Basic ${basic}`, 'Content-Type': 'text/plain' });
    // The same credentials echoed later in text the proxy cannot parse are blanked too.
    await post('form-password-xyz 31415926535', { 'Content-Type': 'text/plain' });
    await proxy.close();
    proxy = undefined;

    const recorded = readFileSync(har, 'utf8');
    for (const secret of [
      '31415926535',
      'list-token-abcdefgh',
      'object-key-abcdefgh',
      'form-password-xyz',
      'form-key-abcdefgh',
      basic,
      'opaque-token-0987654321',
    ]) {
      expect(recorded, secret).not.toContain(secret);
    }
    const entries = JSON.parse(recorded).log.entries as { request: { postData?: { text: string } } }[];
    expect(entries[2]!.request.postData?.text).toBe('email=a%40b.c&password=%5Bmasked%5D&api_key=%5Bmasked%5D');
  });

  it('masks a trigger token in a path even percent-encoded, when the session never saw it handed out', async () => {
    const target = await fakeServer();
    const har = join(dir, 'exchanges.har');
    proxy = await startProxy({ target: target.url, recordExchanges: har });
    const token = '0123456789abcdef0123456789abcdef';
    const encoded = `%30${token.slice(1)}`; // the same token: a server decodes the path before reading it
    await fetch(`${proxy.url}/api/pipeline_schedules/1/pipeline_runs/${encoded}`, { method: 'POST', body: '{}' });
    await proxy.close();
    proxy = undefined;
    const recorded = readFileSync(har, 'utf8');
    expect(recorded).not.toContain(token.slice(1));
    expect(JSON.parse(recorded).log.entries[0].request.url).toBe('/api/pipeline_schedules/1/pipeline_runs/[masked]');
  });

  it('bounds the answers held at once: past the budget, a 429 envelope with Retry-After; the held one still arrives', async () => {
    const chunk = 'x'.repeat(600_000);
    let finishFirst = () => {};
    let firstPartSent = false;
    const target = await fakeServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url === '/api/pipelines/held') {
        // Held in the proxy until the test lets it finish. The callback runs once the whole part is in the kernel's
        // socket buffers: the proxy reads it eagerly, before it can read the next answer (sent after it).
        res.write(`{"pad":"${chunk}`, () => (firstPartSent = true));
        finishFirst = () => res.end('"}');
      } else res.end(`{"pad":"${chunk}"}`);
    });
    proxy = await startProxy({ target: target.url, maxAnswerBytesInFlight: 1_000_000 });
    const held = fetch(`${proxy.url}/api/pipelines/held`).then(async (r) => ({ status: r.status, size: (await r.text()).length }));
    await waitFor(() => firstPartSent);
    const refused = await fetch(`${proxy.url}/api/pipelines/other?_http_error_codes=1`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(((await refused.json()) as { error: { type: string } }).error.type).toBe('too_many_requests');
    finishFirst();
    expect(await held).toEqual({ status: 200, size: chunk.length + 10 });
    // Released: the budget holds the next answer again.
    expect((await fetch(`${proxy.url}/api/pipelines/other`)).status).toBe(200);
  });

  it('bounds the wait on a slow target, answers 502 in the envelope, and frees the target when the client hangs up', async () => {
    const silent = await fakeServer(() => {}); // never answers
    const stalling = await fakeServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"pipelines":['); // headers, then a body that never ends
    });

    proxy = await startProxy({ target: silent.url, timeoutMs: 300 });
    const timedOut = (await (await fetch(`${proxy.url}/api/pipelines`)).json()) as { error: { code: number; message: string } };
    expect(timedOut.error).toMatchObject({ code: 502, message: expect.stringContaining('did not answer in time') });
    await proxy.close();

    proxy = await startProxy({ target: stalling.url, timeoutMs: 300 });
    const stalled = (await (await fetch(`${proxy.url}/api/pipelines`)).json()) as { error: { code: number; message: string } };
    expect(stalled.error).toMatchObject({ code: 502, message: expect.stringContaining('did not answer in time') });
    await proxy.close();

    proxy = await startProxy({ target: silent.url, timeoutMs: 60_000 });
    const client = new AbortController();
    const pending = fetch(`${proxy.url}/api/pipelines`, { signal: client.signal }).catch(() => 'aborted');
    await waitFor(() => silent.seen.length === 2);
    client.abort();
    expect(await pending).toBe('aborted');
    await waitFor(() => silent.abandoned === 2); // the first by the timeout, the second by the client
  });
});

describe('closing the contract proxy', () => {
  it('is not held by a connection that has sent nothing (a browser’s preconnect): it ends it and closes', async () => {
    const target = await fakeServer();
    const running = await startProxy({ target: target.url });
    const { hostname, port } = new URL(running.url);
    const idle = connect(Number(port), hostname);
    const ended = new Promise<void>((resolve) => idle.once('close', () => resolve()));
    await new Promise<void>((resolve) => idle.once('connect', () => resolve()));
    // Node's own close would wait for its header timeout (60 s by default) before letting this socket go.
    const closed = await Promise.race([
      running.close().then(() => 'closed'),
      new Promise<string>((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000).unref()),
    ]);
    expect(closed).toBe('closed');
    await ended;
    expect(target.seen).toEqual([]);
  });
});

async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}
