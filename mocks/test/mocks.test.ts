import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionError, InternalServerError, RecordNotFoundError, UnauthorizedAccessError, createClient } from '@pipeline-api/sdk';
import { seededRandom } from '@pipeline-api/core';
import { listen } from '@pipeline-api/server/http';
import { MOCK_EPOCH, MockClock } from '../src/index.js';
import { setupMockServer } from '../src/node.js';

const BASE = 'http://mock.test';
const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

describe('the mocks in Node', () => {
  const mock = setupMockServer({ baseUrl: BASE });
  const client = () => createClient({ baseUrl: BASE, apiKey: KEY, maxRetries: 0 });
  beforeAll(() => mock.listen());
  afterEach(() => mock.reset());
  afterAll(() => mock.close());

  it('keeps state across calls: create then read, 404 after delete, pages', async () => {
    const c = client();
    await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const p = await c.pipelines.create({ name: 'mocked pipeline' });
    await c.pipelines.blocks.create(p.uuid, { name: 'load', type: 'data_loader' });
    await c.pipelines.blocks.create(p.uuid, { name: 'clean', type: 'transformer', upstream_blocks: ['load'] });
    expect((await c.pipelines.detail(p.uuid)).blocks?.map((b) => [b.uuid, b.downstream_blocks])).toEqual([
      ['load', ['clean']],
      ['clean', []],
    ]);
    await c.pipelines.delete(p.uuid);
    await expect(c.pipelines.detail(p.uuid)).rejects.toBeInstanceOf(RecordNotFoundError);
    for (const name of ['a', 'b', 'c']) await c.pipelines.create({ name });
    const seen: string[] = [];
    for await (const x of c.pipelines.list({ limit: 2 })) seen.push(x.uuid);
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('enforces auth and roles exactly like the server', async () => {
    const c = client();
    await expect(c.pipelines.list()).rejects.toBeInstanceOf(UnauthorizedAccessError);
    const wrongKey = await fetch(`${BASE}/api/pipelines`, { headers: { 'X-API-KEY': 'nope' } });
    expect(await wrongKey.json()).toEqual({ error: { code: 401, message: 'Invalid API key.', type: 'invalid_api_key' }, status: 200 });
    const unknown = await fetch(`${BASE}/api/nothing?_http_error_codes=1`, { headers: { 'X-API-KEY': KEY } });
    expect(unknown.status).toBe(404);
    const patch = await fetch(`${BASE}/api/pipelines`, { method: 'PATCH', headers: { 'X-API-KEY': KEY } });
    expect((await patch.json()).error.code).toBe(405);
    const malformed = await fetch(`${BASE}/api/sessions`, { method: 'POST', headers: { 'X-API-KEY': KEY }, body: '{nope' });
    expect((await malformed.json()).error.message).toMatch(/^Malformed JSON body/);
    const badEncoding = await fetch(`${BASE}/api/pipelines/%E0%A4%A`, { headers: { 'X-API-KEY': KEY } });
    expect((await badEncoding.json()).error).toEqual({ code: 400, type: 'api_resource_error', message: 'The path has malformed percent-encoding.' });
    // Nested past 100 levels: refused by the parser both transports share, before anything could store it.
    const deep = await fetch(`${BASE}/api/sessions`, {
      method: 'POST',
      headers: { 'X-API-KEY': KEY },
      body: `{"session": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    });
    expect((await deep.json()).error).toEqual({
      code: 400,
      type: 'api_resource_error',
      message: 'The request body nests arrays and objects more than 100 levels deep.',
    });
    // The 1 MB limit counts UTF-8 bytes: 350k '€' are 350k characters but 1.05 MB.
    const euros = await fetch(`${BASE}/api/sessions?_http_error_codes=1`, {
      method: 'POST',
      headers: { 'X-API-KEY': KEY },
      body: JSON.stringify({ session: { email: '€'.repeat(350_000) } }),
    });
    expect(euros.status).toBe(413);
    expect((await euros.json()).error).toEqual({ code: 413, type: 'api_resource_error', message: 'The request body exceeds 1 MB.' });
  });

  it("answers every path under the API and lets the app's other requests through", async () => {
    const elsewhere = createServer((_, res) => res.end('the real network'));
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = elsewhere.address() as AddressInfo;
      expect(await (await fetch(`http://127.0.0.1:${port}/api/pipelines`)).text()).toBe('the real network');
      expect((await (await fetch(`${BASE}/api/not/a/route`, { headers: { 'X-API-KEY': KEY } })).json()).error.code).toBe(404);
    } finally {
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });

  it('is deterministic: same requests after a reset, same tokens and timestamps', async () => {
    const run = async () => {
      const c = client();
      const session = await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
      const pipeline = await c.pipelines.create({ name: 'stable' });
      return { session, pipeline };
    };
    const first = await run();
    await mock.reset();
    expect(await run()).toEqual(first);
    expect(first.session.expires).toBe('2026-01-31 00:00:00.000000+00:00');
    expect(first.pipeline.created_at).toBe('2026-01-01 00:00:01.000000+00:00');
  });

  it('seeds fixtures through the API, reproducibly', async () => {
    const fixtures = {
      users: [{ email: 'vera@example.com', username: 'vera', password: 'password1', role: 'viewer' as const }],
      pipelines: [
        {
          name: 'etl daily',
          tags: ['prod'],
          blocks: [
            { name: 'extract', type: 'data_loader' as const },
            { name: 'load', type: 'data_exporter' as const, upstream_blocks: ['extract'] },
          ],
        },
      ],
    };
    const seeded = await mock.seed(fixtures);
    expect(seeded.users[0]).toMatchObject({ email: 'vera@example.com', roles_display: 'Viewer' });
    expect(seeded.pipelines[0]!.blocks!.map((b) => b.uuid)).toEqual(['extract', 'load']);
    // Spelled out in a committed file, not a snapshot: a deleted snapshot is written again, a deleted file fails.
    expect(seeded).toEqual(JSON.parse(readFileSync(new URL('./seeded-fixtures.expected.json', import.meta.url), 'utf8')));
    await mock.reset();
    expect(await mock.seed(fixtures)).toEqual(seeded);
    const viewer = client();
    await viewer.sessions.login({ email: 'vera@example.com', password: 'password1' });
    expect((await viewer.pipelines.list()).map((p) => p.uuid)).toEqual(['etl_daily']);
    await expect(mock.seed({ pipelines: [{ name: 'etl daily' }] })).rejects.toThrow(/^pipelines\[0\]: Pipeline etl_daily already exists/);
  });

  it('injects an error envelope once, then answers normally', async () => {
    mock.inject('pipelines.list', { error: { code: 500, type: 'internal_error', message: 'Injected outage.' } });
    const c = client();
    await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const failed = await c.pipelines.list().catch((e: any) => e);
    expect(failed).toBeInstanceOf(InternalServerError);
    expect(failed).toMatchObject({ status: 200, message: 'Injected outage.' });
    expect(await c.pipelines.list()).toEqual([]);
  });

  it('injects an HTTP status always, until cleared', async () => {
    mock.inject('statuses.health', { status: 503, message: 'Maintenance.' }, { times: 'always' });
    for (let i = 0; i < 3; i++) {
      const reply = await fetch(`${BASE}/api/status`);
      expect(reply.status).toBe(503);
      expect(await reply.json()).toEqual({ error: { code: 503, message: 'Maintenance.', type: 'internal_error' }, status: 503 });
    }
    mock.clearInjections();
    expect((await fetch(`${BASE}/api/status`)).status).toBe(200);
  });

  it('injects latency and network errors, n times', async () => {
    mock.inject('statuses.health', { delay: 120 });
    const started = performance.now();
    await fetch(`${BASE}/api/status`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    // Two calls fail, each with its retry (the SDK's X-Retry-Count reaches the handler through MSW).
    mock.inject('statuses.list', { networkError: true }, { times: 2 });
    const c = createClient({ baseUrl: BASE, apiKey: KEY, maxRetries: 1 });
    await expect(c.statuses.list()).rejects.toBeInstanceOf(APIConnectionError);
    await expect(c.statuses.list()).rejects.toBeInstanceOf(APIConnectionError);
    expect((await c.statuses.list())[0]!.status).toBe('ok');
    // Counted per request, the first retry gets through.
    mock.inject('statuses.list', { networkError: true }, { per: 'request' });
    expect((await c.statuses.list())[0]!.status).toBe('ok');
  });

  it('checks every mocked response against the contract and fails loudly on a violation', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const valid: unknown = await (await fetch(`${BASE}/api/status`)).json();
      mock.inject('statuses.health', { body: { statuses: [{ status: 'ok' }], metadata: null, status: 200 } });
      const reply = await fetch(`${BASE}/api/status`);
      expect(reply.status).toBe(500); // MSW turns the thrown violation into a 500
      expect(mock.violations).toHaveLength(1);
      expect(mock.violations[0]!.message).toMatch(/statuses.health \(HTTP 200\) violates the contract/);
      mock.inject('statuses.health', { body: valid });
      expect((await fetch(`${BASE}/api/status`)).status).toBe(200);
      expect(mock.violations).toHaveLength(1);
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThanOrEqual(1);
  });

  it('lets tests move the clock: tokens expire', async () => {
    const c = client();
    await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    mock.clock.advance(31 * 24 * 3600 * 1000);
    await expect(c.pipelines.list()).rejects.toMatchObject({ type: 'expired_oauth_token' });
  });
});

describe('mocks and server answer byte for byte alike', () => {
  it('for the same sequence of requests under the same clock and token seed', async () => {
    const mock = setupMockServer({ baseUrl: BASE });
    const clock = new MockClock(MOCK_EPOCH);
    const server = await listen({ config: { bcryptRounds: 4 }, clock, random: seededRandom(1) });
    const sequence: [string, string, unknown?, Record<string, string>?][] = [
      ['POST', '/api/sessions', { session: { email: 'admin@admin.com', password: 'admin' } }],
      ['POST', '/api/pipelines', { pipeline: { name: 'parity', type: 'python' } }, { token: '' }],
      ['POST', '/api/pipelines/parity/blocks', { block: { name: 'load', type: 'data_loader', content: 'x' } }, { token: '' }],
      ['POST', '/api/pipelines/parity/blocks', { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load', 'ghost'] } }, { token: '' }],
      ['GET', '/api/pipelines/parity?_format=detail', undefined, { token: '' }],
      ['GET', '/api/pipelines?_limit=abc', undefined, { token: '' }],
      ['DELETE', '/api/pipelines/parity/blocks/load?force=true', undefined, { token: '' }],
      ['GET', '/api/users', undefined, { token: '' }],
      ['PUT', '/api/sessions/1', undefined, { token: '' }],
      ['GET', '/api/pipelines', undefined, { token: '' }],
      ['GET', '/api/pipelines/x/y/z', undefined],
    ];
    const replay = async (origin: string, tick: () => void) => {
      const texts: string[] = [];
      let token = '';
      for (const [method, path, body, flags] of sequence) {
        const headers: Record<string, string> = { 'X-API-KEY': KEY };
        if (flags && 'token' in flags) headers['OAUTH-TOKEN'] = token;
        const reply = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const text = await reply.text();
        tick();
        texts.push(`${reply.status} ${text}`);
        if (path === '/api/sessions') token = JSON.parse(atob(JSON.parse(text).session.token.split('.')[1])).token;
      }
      return texts;
    };
    try {
      // The server first: once MSW listens it intercepts every fetch in this process.
      const fromServer = await replay(server.url, () => clock.advance(1000));
      mock.listen();
      const fromMock = await replay(BASE, () => {});
      expect(fromServer).toEqual(fromMock);
      expect(fromMock.some((t) => t.includes('"record_invalid"'))).toBe(true);
    } finally {
      mock.close();
      await server.close();
    }
  });
});
