import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPTIONS } from '../cli/options.js';
import { root, startCli } from './cli-process.js';

const run = promisify(execFile);
const BIN = ['server/dist/pipeline-api-server.js'];
const FIXTURES = 'docs/examples/fixtures.json';

/** Runs the built command to its end (for --help and refusals). */
async function runToEnd(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...BIN, ...args], { cwd: root, env: { ...process.env, ...env }, timeout: 30_000 });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, out: (e.stdout ?? '') + (e.stderr ?? '') };
  }
}

async function api(url: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const answer = await fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
}

async function login(url: string, apiKey: string, email: string, password: string) {
  const { body } = await api(url, 'POST', '/api/sessions', { 'X-API-KEY': apiKey }, { session: { email, password } });
  if (body.error) throw new Error(body.error.message);
  return JSON.parse(Buffer.from(body.session.token.split('.')[1], 'base64url').toString()).token as string;
}

// The command as built from these sources: its JavaScript only (as `npm run build:js`), since these tests run the
// command and never read its declarations, whose type-check would take most of this file's CPU time.
beforeAll(async () => {
  await run(process.execPath, [join(root, 'node_modules/tsup/dist/cli-default.js'), '--silent', '--no-dts'], { cwd: join(root, 'server'), timeout: 120_000 });
}, 120_000);

describe('pipeline-api-server (the built command)', () => {
  it('--help lists every option with its environment variable; a bad option exits 2 with a pointer to --help', async () => {
    const help = await runToEnd(['--help']);
    expect(help.code).toBe(0);
    for (const option of OPTIONS) {
      expect(help.out).toContain(`--${option.flag}`);
      if (option.env) expect(help.out).toContain(option.env);
    }
    const bad = await runToEnd(['--prot', '80']);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/Unknown option '--prot'[\s\S]*--help/);
    const badPort = await runToEnd([], { PORT: 'eighty' });
    expect(badPort.code).toBe(2);
    expect(badPort.out).toContain('--port must be a whole number');
  });

  it('refuses a non-loopback address while a default secret is in use, naming each', async () => {
    const refused = await runToEnd(['--host', '0.0.0.0', '--port', '0', '--jwt-secret', 'not-the-default']);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('refusing to listen on 0.0.0.0');
    expect(refused.out).toContain('default API key');
    expect(refused.out).toContain('default owner password');
    expect(refused.out).not.toContain('default JWT secret');
    expect(refused.out).toContain('--insecure-defaults');
  });

  it('seeds a fixtures file into a new data directory, generates secrets once (0600), and keeps every write across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-data-'));
    try {
      const first = await startCli(['--data', dir, '--fixtures', FIXTURES], { entry: BIN });
      const apiKey = /API key: +(\S+)/.exec(first.output())![1]!;
      const password = /owner password: +(\S+)/.exec(first.output())![1]!;
      expect(first.output()).toContain(`Loaded ${FIXTURES}: 2 users, 2 pipelines, 1 triggers`);
      expect(first.output()).not.toMatch(/warning/);
      const printAgain = `  secrets: generated for this data directory, in ${join(dir, 'secrets.json')} (Mage's default API key is refused); print them: pipeline-api-server secrets --data ${dir}`;
      await first.printed(printAgain);
      // Whoever can read the directory prints them again, while the server runs on it.
      const shown = await runToEnd(['secrets', '--data', dir]);
      expect(shown.code).toBe(0);
      expect(shown.out).toContain(`  API key:        ${apiKey}\n`);
      expect(shown.out).toContain(`  owner password: ${password} (the initial password of admin@admin.com; a later change is not kept here)\n`);
      expect(shown.out).not.toContain(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).jwtSecret);
      // Mage's key (every example sends it) is refused with a hint that names neither the key nor the directory.
      const mage = await api(first.url, 'GET', '/api/pipelines', { 'X-API-KEY': 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });
      expect(mage.body.error).toEqual({
        code: 401,
        type: 'invalid_api_key',
        message:
          'Invalid API key. This server generated its own API key when its data directory was created; whoever can read that directory sees it with `pipeline-api-server secrets --data DIR`.',
      });
      expect(mage.body.error.message).not.toContain(dir);
      expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toMatchObject({ apiKey, ownerPassword: password });

      const owner = await login(first.url, apiKey, 'admin@admin.com', password);
      await login(first.url, apiKey, 'ada@example.com', 'correct horse 1');
      const sales = await api(first.url, 'GET', '/api/pipelines/daily_sales', { 'X-API-KEY': apiKey, 'OAUTH-TOKEN': owner });
      expect(sales.body.pipeline.blocks.map((b: { uuid: string; upstream_blocks: string[] }) => [b.uuid, b.upstream_blocks])).toEqual([
        ['load_orders', []],
        ['clean_orders', ['load_orders']],
      ]);
      const created = await api(
        first.url,
        'POST',
        '/api/pipelines',
        { 'X-API-KEY': apiKey, 'OAUTH-TOKEN': owner },
        { pipeline: { name: 'written before the restart' } },
      );
      expect(created.body.pipeline.uuid).toBe('written_before_the_restart');
      expect(await first.stop('SIGTERM')).toBe(0);
      expect(first.output()).toContain('SIGTERM received: closing');

      const second = await startCli(['--data', dir, '--fixtures', FIXTURES], { entry: BIN });
      try {
        expect(second.output()).not.toContain(apiKey); // shown once only; the line on how to print them, every time
        await second.printed(printAgain);
        expect(second.output()).toContain('not loaded');
        const token = await login(second.url, apiKey, 'admin@admin.com', password);
        const list = await api(second.url, 'GET', '/api/pipelines?_limit=10', { 'X-API-KEY': apiKey, 'OAUTH-TOKEN': token });
        expect(list.body.pipelines.map((p: { uuid: string }) => p.uuid).sort()).toEqual(['daily_sales', 'empty_pipeline', 'written_before_the_restart']);
        const triggers = await api(second.url, 'GET', '/api/pipelines/daily_sales/pipeline_schedules', { 'X-API-KEY': apiKey, 'OAUTH-TOKEN': token });
        expect(triggers.body.pipeline_schedules.map((t: { name: string; schedule_interval: string }) => [t.name, t.schedule_interval])).toEqual([
          ['every morning', '@daily'],
        ]);
      } finally {
        expect(await second.stop('SIGINT')).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("seeds runs in a given state from the fixtures file (as the mocks' seed({ runs })), its clock moved for them", async () => {
    // The blocks' simulated execution takes seconds of the server's clock: seeding moves it (and ticks) instead of waiting.
    const dir = mkdtempSync(join(tmpdir(), 'cli-runs-'));
    try {
      const file = join(dir, 'runs.json');
      writeFileSync(
        file,
        JSON.stringify({
          pipelines: [
            {
              name: 'etl',
              blocks: [
                { name: 'load', type: 'data_loader' },
                { name: 'clean', type: 'transformer', upstream_blocks: ['load'], configuration: { simulation: { outcome: 'fail' } } },
              ],
            },
          ],
          triggers: [{ pipeline_uuid: 'etl', name: 'nightly', schedule_type: 'api' }],
          runs: [
            { trigger: 'nightly', status: 'failed' },
            { trigger: 'nightly', status: 'cancelled' },
          ],
        }),
      );
      const server = await startCli(['--no-auth', '--quiet', '--fixtures', file], { entry: BIN });
      try {
        expect(server.output()).toContain(`Loaded ${file}: 0 users, 1 pipelines, 1 triggers, 0 tags, 2 runs`);
        const key = { 'X-API-KEY': 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' };
        const runs = (await api(server.url, 'GET', '/api/pipeline_runs?_limit=10', key)).body.pipeline_runs as { id: number; status: string }[];
        expect(runs.map((r) => r.status).sort()).toEqual(['cancelled', 'failed']);
        const failed = runs.find((r) => r.status === 'failed')!;
        const blockRuns = (await api(server.url, 'GET', `/api/pipeline_runs/${failed.id}/block_runs`, key)).body.block_runs as {
          block_uuid: string;
          status: string;
        }[];
        expect(blockRuns.map((b) => `${b.block_uuid}: ${b.status}`).sort()).toEqual(['clean: failed', 'load: completed']);
      } finally {
        await server.stop();
      }
      writeFileSync(file, JSON.stringify({ runs: [{ trigger: 'nightly', status: 'finished' }] }));
      const refused = await runToEnd(['--port', '0', '--fixtures', file]);
      expect(refused.code).not.toBe(0);
      expect(refused.out).toMatch(/--fixtures .*runs\.json: runs\[0\]\.status: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('--no-auth and --http-error-codes, also as REQUIRE_USER_AUTHENTICATION=0 and HTTP_ERROR_CODES=1', async () => {
    for (const [args, env] of [
      [['--no-auth', '--http-error-codes'], {}],
      [[], { REQUIRE_USER_AUTHENTICATION: '0', HTTP_ERROR_CODES: '1' }],
    ] as const) {
      const server = await startCli([...args, '--quiet'], { entry: BIN, env });
      try {
        const list = await api(server.url, 'GET', '/api/pipelines', { 'X-API-KEY': 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });
        expect(list.body.pipelines).toEqual([]);
        const missing = await api(server.url, 'GET', '/api/pipelines/nope', { 'X-API-KEY': 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });
        expect(missing.status).toBe(404);
        const asked = await api(server.url, 'GET', '/api/pipelines/nope?_http_error_codes=', { 'X-API-KEY': 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });
        expect(asked.status).toBe(200); // a request's own param still wins
        const noRoute = await api(server.url, 'GET', '/api/nothing-here', {});
        expect(noRoute.status).toBe(404);
      } finally {
        await server.stop();
      }
    }
  }, 60_000);

  it('refuses a fixtures file the API would refuse, naming the path of the problem, never crashing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-fixtures-'));
    try {
      const cases: [unknown, RegExp][] = [
        [{ users: [{ email: 'a@b.c', password: 'long enough 1', role: 'king' }] }, /users\[0\]\.role: Invalid option/],
        [{ users: [], pipeline: [] }, /pipeline: not a fixtures key/],
        [{ users: [{ email: 'a@b.co', password: 'long enough 1', rolee: 'viewer' }] }, /users\[0\]: write of rolee on create is disabled for users\./],
      ];
      for (const [index, [fixtures, expected]] of cases.entries()) {
        const file = join(dir, `bad${index}.json`);
        writeFileSync(file, JSON.stringify(fixtures));
        const result = await runToEnd(['--port', '0', '--fixtures', file]);
        expect(result.code).toBe(1);
        expect(result.out).toMatch(expected);
      }
      // Nested 6,000 deep: the API's nesting limit, not an internal error.
      const deep = join(dir, 'deep.json');
      writeFileSync(
        deep,
        `{"pipelines": [{"name": "p", "blocks": [{"name": "b", "type": "data_loader", "configuration": ${'{"a":'.repeat(6000)}1${'}'.repeat(6000)}}]}]}`,
      );
      const result = await runToEnd(['--port', '0', '--fixtures', deep]);
      expect(result.code).toBe(1);
      expect(result.out).toMatch(/--fixtures .*deep\.json: pipelines\[0\]\.blocks\[0\]: The request body nests arrays and objects more than 100 levels deep\./);
      expect(result.out).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('pipeline-api-server and its data directory', () => {
  it('refuses a data directory another server uses; a first start whose fixtures fail keeps nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-lock-'));
    try {
      const first = await startCli(['--data', dir, '--quiet'], { entry: BIN });
      try {
        const second = await runToEnd(['--port', '0', '--data', dir]);
        expect(second.code).toBe(1);
        expect(second.out).toContain(`${join(dir, 'pipeline-api.sqlite')} is in use by another server`);
      } finally {
        expect(await first.stop()).toBe(0);
      }

      const fresh = mkdtempSync(join(tmpdir(), 'cli-seed-'));
      try {
        const bad = join(fresh, 'upstream.json');
        writeFileSync(bad, JSON.stringify({ pipelines: [{ name: 'p', blocks: [{ name: 'b', type: 'transformer', upstream_blocks: ['missing'] }] }] }));
        const failed = await runToEnd(['--port', '0', '--data', join(fresh, 'data'), '--fixtures', bad]);
        expect(failed.code).toBe(1);
        expect(failed.out).toMatch(/--fixtures .*upstream\.json: pipelines\[0\]\.blocks\[0\]: .*nothing was kept/);
        expect(readdirSync(join(fresh, 'data'))).toEqual([]);
        // Nothing kept, nothing announced: before, the secrets were printed as kept, then deleted.
        expect(failed.out).not.toMatch(/Generated secrets|API key:/);
      } finally {
        rmSync(fresh, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('pipeline-api-server secrets', () => {
  it('says what is wrong when the directory or its secrets file is missing, or no directory is given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-secrets-'));
    try {
      const missing = await runToEnd(['secrets', '--data', join(dir, 'nope')]);
      expect(missing).toEqual({
        code: 1,
        out: `pipeline-api-server secrets: ${join(dir, 'nope')} does not exist: pass the --data directory the server was started with\n`,
      });
      const empty = await runToEnd(['secrets', '--data', dir]);
      expect(empty.code).toBe(1);
      expect(empty.out).toContain(`pipeline-api-server secrets: ${dir} holds no secrets.json: the server generated no secret there`);
      writeFileSync(join(dir, 'secrets.json'), '{"apiKey": ');
      expect((await runToEnd(['secrets', '--data', dir])).out).toContain(`${join(dir, 'secrets.json')} is not the JSON object the server writes`);
      const none = await runToEnd(['secrets']);
      expect(none).toEqual({ code: 2, out: 'pipeline-api-server secrets: --data <dir> is required: the data directory the server was started with\n' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a fixtures run that does not reach its state', () => {
  it('names the block that failed, the run and its pipeline', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-run-'));
    try {
      const file = join(dir, 'runs.json');
      const fail = { configuration: { simulation: { outcome: 'fail', duration_ms: 1000 } } };
      writeFileSync(
        file,
        JSON.stringify({
          pipelines: [
            {
              name: 'etl',
              blocks: [
                { name: 'load', type: 'data_loader' },
                { name: 'clean', type: 'transformer', upstream_blocks: ['load'], ...fail },
              ],
            },
          ],
          triggers: [{ pipeline_uuid: 'etl', name: 'nightly', schedule_type: 'api' }],
          runs: [{ trigger: 'nightly', status: 'completed' }],
        }),
      );
      const outcome = await runToEnd(['--port', '0', '--fixtures', file]);
      expect(outcome.code).toBe(1);
      expect(outcome.out).toBe(
        `pipeline-api-server: --fixtures ${file}: seed runs[0] (trigger "nightly", completed): the run ended failed: block "clean" failed (run 1 of pipeline "etl")\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('stopping and starting', () => {
  it('stops on SIGTERM with no connection open without waiting for a grace period', async () => {
    const server = await startCli(['--quiet'], { entry: BIN });
    const started = performance.now();
    const code = await server.stop('SIGTERM');
    const ms = performance.now() - started;
    console.log(`SIGTERM to exit with no connection open: ${ms.toFixed(0)} ms`);
    expect(code).toBe(0);
    // The command's own fallback exits after 5 s: a clean stop never reaches it, however loaded the machine.
    expect(ms).toBeLessThan(5000);
  });

  it('a second signal while it closes (Ctrl-C under npm start: the terminal and npm both send SIGINT) lets the answer in flight finish', async () => {
    const server = await startCli(['--quiet'], { entry: BIN, env: { BCRYPT_ROUNDS: '4' } });
    try {
      const { hostname, port, host } = new URL(server.url);
      const socket = connect(Number(port), hostname);
      socket.setEncoding('utf8');
      let received = '';
      socket.on('data', (chunk: string) => (received += chunk));
      await once(socket, 'connect');
      const body = JSON.stringify({ session: { email: 'admin@admin.com', password: 'admin' } });
      // Expect: 100-continue: the "100 Continue" says the request is in flight; its body waits, and the close with it.
      socket.write(
        `POST /api/sessions HTTP/1.1\r\nHost: ${host}\r\nX-API-KEY: zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      );
      while (!received.includes('100 Continue')) await once(socket, 'data');
      server.child.kill('SIGINT');
      await server.printed('SIGINT received: closing');
      server.child.kill('SIGINT');
      await server.printed('SIGINT received again: already closing');
      const closed = once(socket, 'close');
      socket.write(body);
      await closed;
      expect(received).toMatch(/HTTP\/1\.1 200 OK\r\n/);
      expect(received.toLowerCase()).toContain('connection: close');
      expect(await server.stop()).toBe(0);
    } finally {
      await server.stop('SIGKILL');
    }
  });

  it('names the Node.js version it needs, in one line, on an older Node.js', async () => {
    // The project's Node with an older version reported, and every older Node.js installed on this machine.
    const pretend = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.20.2'})`;
    const runs: [string, string[], string][] = [[process.execPath, ['--import', pretend], '20.20.2']];
    for (const node of ['/usr/bin/node', '/usr/local/bin/node', '/bin/node']) {
      const version = await run(node, ['-p', 'process.versions.node']).then(
        ({ stdout }) => stdout.trim(),
        () => undefined,
      );
      const [major = 0, minor = 0] = (version ?? '99').split('.').map(Number);
      if (version && (major < 22 || (major === 22 && minor < 13))) runs.push([node, [], version]);
    }
    for (const [node, flags, version] of runs) {
      const outcome = await run(node, [...flags, ...BIN, '--help'], { cwd: root }).then(
        ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code, out: (error.stdout ?? '') + (error.stderr ?? '') }),
      );
      expect(outcome, node).toEqual({ code: 1, out: `pipeline-api-server needs Node.js 22.13 or newer (this is ${version}).\n` });
    }
  });
});

describe('the fixtures format and the option docs', () => {
  it('docs/configuration.md and docs/server.md document every option and its environment variable', () => {
    for (const file of ['docs/configuration.md', 'docs/server.md']) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const option of OPTIONS) {
        expect(text, file).toContain(`--${option.flag}`);
        if (option.env) expect(text, file).toContain(`\`${option.env}\``);
      }
    }
  });
});
