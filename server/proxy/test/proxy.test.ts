import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedFixtures } from '@pipeline-api/core/fixtures';
import { readFixturesFile } from '../../cli/fixtures-file.js';
import { listen, type RunningServer } from '../../http/listen.js';
import { startCli } from '../../test/cli-process.js';
import { TSX_NODE_ARGS } from '../../../scripts/packaging/source-condition.js';
import { startProxy, type RunningProxy } from '../proxy.js';

const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

let dir: string;
let target: RunningServer;
let proxy: RunningProxy | undefined;
let lines: string[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'proxy-test-'));
  target = await listen({ config: { bcryptRounds: 4 }, scheduler: false });
  lines = [];
});

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await target.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(base: string, method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

async function login(base: string) {
  const answer = await call(base, 'POST', '/api/sessions', {
    headers: { 'X-API-KEY': API_KEY },
    body: { session: { email: 'admin@admin.com', password: 'admin' } },
  });
  const raw = String(answer.body.session.token);
  return { raw, decoded: String(decodeJwt(raw).token) };
}

describe('the contract proxy in front of the reference server', () => {
  it('forwards a session unchanged: a pipeline made through it reaches the target and lands in the recording, which seeds a server', async () => {
    proxy = await startProxy({
      target: target.url,
      record: join(dir, 'fixtures.json'),
      recordExchanges: join(dir, 'exchanges.har'),
      log: (l) => lines.push(l),
    });
    const { decoded } = await login(proxy.url);
    const auth = { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': decoded };
    const created = await call(proxy.url, 'POST', '/api/pipelines', {
      headers: auth,
      body: { pipeline: { name: 'Gandalf Grey', description: 'through the proxy' } },
    });
    expect(created.body.pipeline.uuid).toBe('gandalf_grey');
    await call(proxy.url, 'POST', '/api/pipelines/gandalf_grey/blocks', {
      headers: auth,
      body: { block: { name: 'load', type: 'data_loader', content: 'x = 1\n' } },
    });
    await call(proxy.url, 'POST', '/api/pipelines/gandalf_grey/blocks', {
      headers: auth,
      body: { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load'], priority: 0 } },
    });
    await call(proxy.url, 'POST', '/api/pipelines/gandalf_grey/pipeline_schedules', {
      headers: auth,
      body: { pipeline_schedule: { name: 'nightly', schedule_type: 'time', schedule_interval: '@daily', start_time: '2026-01-01 00:00:00' } },
    });
    await call(proxy.url, 'POST', '/api/users', {
      headers: auth,
      body: { user: { email: 'frodo@example.com', username: 'frodo', password: 'ringbearer1', password_confirmation: 'ringbearer1', roles_new: [3] } },
    });
    await call(proxy.url, 'POST', '/api/pipelines', { headers: auth, body: { pipeline: { name: 'gone soon' } } });
    await call(proxy.url, 'DELETE', '/api/pipelines/gone_soon', { headers: auth });

    // The target has it: the proxy forwarded the writes.
    const direct = await call(target.url, 'GET', '/api/pipelines/gandalf_grey', { headers: auth });
    expect(direct.body.pipeline.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['clean', 'load']);
    // Unchanged: the same answer through the proxy, status and body.
    const proxied = await call(proxy.url, 'GET', '/api/pipelines/gandalf_grey', { headers: auth });
    expect(proxied.status).toBe(direct.status);
    expect(proxied.text).toBe(direct.text);

    const report = await proxy.close();
    proxy = undefined;
    expect(report.violations.total).toBe(0);
    expect(report.checked).toBe(report.requests);

    const fixtures = readFixturesFile(join(dir, 'fixtures.json'));
    expect(fixtures.pipelines).toEqual([
      {
        name: 'Gandalf Grey',
        type: 'python',
        description: 'through the proxy',
        tags: [],
        blocks: [
          expect.objectContaining({ name: 'load', type: 'data_loader', content: 'x = 1\n' }),
          expect.objectContaining({ name: 'clean', type: 'transformer', upstream_blocks: ['load'] }),
        ],
      },
    ]);
    expect(fixtures.triggers).toEqual([expect.objectContaining({ pipeline_uuid: 'gandalf_grey', name: 'nightly', schedule_interval: '@daily' })]);
    expect(fixtures.users).toEqual([{ email: 'frodo@example.com', username: 'frodo', first_name: null, last_name: null, role: 'editor' }].map(withoutNulls));

    // The recording seeds a fresh server: the same pipeline, blocks and trigger.
    const fresh = await listen({ config: { bcryptRounds: 4 }, scheduler: false });
    try {
      const seeded = await seedFixtures(fresh.api, fixtures);
      expect(seeded.pipelines.map((p) => p.uuid)).toEqual(['gandalf_grey']);
      const { decoded: token } = await login(fresh.url);
      const again = await call(fresh.url, 'GET', '/api/pipelines/gandalf_grey', { headers: { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token } });
      expect(again.body.pipeline.blocks.map((b: { uuid: string; upstream_blocks: string[] }) => [b.uuid, b.upstream_blocks])).toEqual(
        direct.body.pipeline.blocks.map((b: { uuid: string; upstream_blocks: string[] }) => [b.uuid, b.upstream_blocks]).reverse(),
      );
      expect(seeded.triggers.map((t) => t.name)).toEqual(['nightly']);
      expect(seeded.users.map((u) => u.email)).toEqual(['frodo@example.com']);
    } finally {
      await fresh.close();
    }
  });

  it('keeps no credential: not in the log, the report, the recording or the HAR log', async () => {
    proxy = await startProxy({
      target: target.url,
      record: join(dir, 'fixtures.json'),
      recordExchanges: join(dir, 'exchanges.har'),
      log: (l) => lines.push(l),
    });
    const { raw, decoded } = await login(proxy.url);
    const auth = { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': decoded };
    await call(proxy.url, 'POST', '/api/pipelines', { headers: auth, body: { pipeline: { name: 'Samwise' } } });
    const trigger = await call(proxy.url, 'POST', '/api/pipelines/samwise/pipeline_schedules', {
      headers: auth,
      body: { pipeline_schedule: { name: 'hook', schedule_type: 'api', status: 'active' } },
    });
    const triggerToken = String(trigger.body.pipeline_schedule.token);
    expect(triggerToken).toMatch(/^[0-9a-f]{32}$/);
    // Every place a credential travels: query, body, cookie, bearer, the trigger URL's path; and a drifting request to log.
    await call(proxy.url, 'GET', `/api/pipelines?api_key=${API_KEY}`, { headers: { 'OAUTH-TOKEN': decoded } });
    await call(proxy.url, 'POST', '/api/pipelines', { headers: { Cookie: `oauth_token=${raw}` }, body: { api_key: API_KEY, pipeline: { name: 7 } } });
    await call(proxy.url, 'POST', `/api/pipeline_schedules/${trigger.body.pipeline_schedule.id}/pipeline_runs/${triggerToken}`, { body: {} });
    await call(proxy.url, 'POST', `/api/pipeline_schedules/${trigger.body.pipeline_schedule.id}/api_trigger`, {
      headers: { Authorization: `Bearer ${triggerToken}` },
    });
    await call(proxy.url, 'POST', '/api/users', {
      headers: auth,
      body: { user: { email: 'pippin@example.com', password: 'secondbreakfast', password_confirmation: 'secondbreakfast' } },
    });
    const report = await (await fetch(`${proxy.url}/__proxy/report`)).text();
    expect(JSON.parse(report).violations.total).toBeGreaterThan(0); // the drifting request was reported
    await proxy.close();
    proxy = undefined;

    const har = readFileSync(join(dir, 'exchanges.har'), 'utf8');
    const kept = [lines.join('\n'), report, readFileSync(join(dir, 'fixtures.json'), 'utf8'), har];
    for (const secret of [API_KEY, raw, decoded, triggerToken, 'admin@admin.com","password":"admin', 'secondbreakfast', raw.split('.')[2]!]) {
      for (const text of kept) expect(text).not.toContain(secret);
    }
    // Masked where it was, in a shape a replay can still use: the login's JWT keeps its claims' shape.
    const entries = JSON.parse(har).log.entries as {
      request: { url: string; headers: { name: string; value: string }[] };
      response: { content: { text: string } };
    }[];
    expect(entries).toHaveLength(8);
    expect(entries[0]!.request.headers.find((h) => h.name.toLowerCase() === 'x-api-key')?.value).toBe('[masked]');
    const masked = JSON.parse(entries[0]!.response.content.text).session.token as string;
    expect(decodeJwt(masked).token).toBe('x'.repeat(43));
    expect(entries[3]!.request.url).toBe('/api/pipelines?api_key=%5Bmasked%5D');
    expect(entries[5]!.request.url).toMatch(/^\/api\/pipeline_schedules\/\d+\/pipeline_runs\/\[masked\]$/);
  });

  it('reports a planted contract drift: one line per violation, the report, and --allow for a known difference', async () => {
    const drifting = await driftingTarget();
    try {
      proxy = await startProxy({ target: drifting.url, allow: ['success-status'], log: (l) => lines.push(l) });
      await call(proxy.url, 'GET', '/api/pipelines/drifted', { headers: { 'X-API-KEY': API_KEY } });
      const report = (await call(proxy.url, 'GET', '/__proxy/report')).body;
      expect(report.checked).toBe(1);
      expect(report.violations).toMatchObject({ total: 2, allowed: 1, unexplained: 1, notAllowed: 1, byKnownDifference: { 'success-status': 1 } });
      expect(report.first.map((v: { at: string; knownAs?: string; allowed: boolean }) => [v.at, v.knownAs, v.allowed])).toEqual([
        ['pipeline.uuid', undefined, false],
        ['status', 'success-status', true],
      ]);
      expect(lines.filter((l) => l.startsWith('[proxy] violation'))).toEqual([
        '[proxy] violation: GET /api/pipelines/drifted (pipelines.detail) HTTP 200, response: pipeline.uuid: Invalid input: expected string, received number [unexplained]',
        '[proxy] violation: GET /api/pipelines/drifted (pipelines.detail) HTTP 200, response: status: Invalid input: expected 200 [allowed: success-status]',
      ]);
    } finally {
      await drifting.close();
    }
  });

  it('keeps the server’s Host and CORS defences, and answers an unreachable target with the envelope', async () => {
    proxy = await startProxy({ target: 'http://127.0.0.1:9', log: (l) => lines.push(l) });
    const rebinding = await fetchRaw(proxy.url, { Host: 'attacker.example' });
    expect(rebinding.body.error).toMatchObject({ code: 403, type: 'unauthorized_access' });
    const crossSite = await fetch(`${proxy.url}/api/pipelines`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(((await crossSite.json()) as { error: { code: number } }).error.code).toBe(403);
    const down = await call(proxy.url, 'GET', '/api/pipelines', { headers: { 'X-API-KEY': API_KEY } });
    expect(down.body.error).toMatchObject({ code: 502, type: 'internal_error' });
    const { BODY_LIMIT_BYTES } = await import('@pipeline-api/core');
    const tooLarge = await call(proxy.url, 'POST', '/api/pipelines', { body: { pipeline: { name: 'x'.repeat(BODY_LIMIT_BYTES) } } });
    expect(tooLarge.body.error).toMatchObject({ code: 413 });
    expect(proxy.report().requests).toBe(1); // refused requests never reached the target
  });
  it('answers CORS itself: one Access-Control-Allow-Origin for an allowed origin, the target’s dropped', async () => {
    proxy = await startProxy({ target: target.url, log: (l) => lines.push(l) });
    const direct = await fetch(`${target.url}/api/status`, { headers: { Origin: 'http://localhost:5173' } });
    expect(direct.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const proxied = await fetch(`${proxy.url}/api/status`, { headers: { Origin: 'http://localhost:5173' } });
    expect(proxied.headers.get('access-control-allow-origin')).toBe('http://localhost:5173'); // one value, not two joined
    expect(proxied.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

describe('pipeline-api-server proxy (the command)', () => {
  it('exits 1 with --fail-on-violation after an unexplained violation, with a summary', async () => {
    const drifting = await driftingTarget();
    const cli = await startCli(['--target', drifting.url, '--fail-on-violation', '--allow', 'success-status'], {
      entry: [...TSX_NODE_ARGS, 'server/cli/bin.ts', 'proxy'],
    });
    try {
      await fetch(`${cli.url}/api/pipelines/drifted`, { headers: { 'X-API-KEY': API_KEY } });
      expect(await cli.stop('SIGTERM')).toBe(1);
      expect(cli.output()).toContain('2 violations: 1 unexplained, 1 known difference (success-status ×1 [allowed]); 1 allowed, 1 not allowed.');
    } finally {
      await cli.stop('SIGKILL');
      await drifting.close();
    }
  });

  it('refuses an unknown --allow id and a target holding credentials', async () => {
    const { parseProxySettings } = await import('../options.js');
    expect(() => parseProxySettings(['--target', 'http://x', '--allow', 'nope'], {})).toThrow(/unknown id nope; the known differences are crash/);
    await expect(startProxy({ target: 'http://user:secret@127.0.0.1:1' })).rejects.toThrow(/must not hold credentials/);
  });
});

const withoutNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null || false));

/** A target answering the reference server's pipeline with two drifts planted: its uuid a number, and no `status` in the envelope. */
async function driftingTarget(): Promise<{ url: string; close(): Promise<void> }> {
  const { decoded } = await login(target.url);
  const auth = { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': decoded };
  const { pipeline } = (await call(target.url, 'POST', '/api/pipelines', { headers: auth, body: { pipeline: { name: 'drifted' } } })).body;
  const server: Server = createServer((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ pipeline: { ...pipeline, uuid: 42 }, metadata: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function fetchRaw(base: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  const url = new URL(`${base}/api/pipelines`);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}
