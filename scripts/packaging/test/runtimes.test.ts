/**
 * The runtime table's cells (runtime-cells.ts) that run here: the packed packages in throwaway apps on Bun, Deno
 * and a worker-style runtime, and the packed server on Bun, Deno and Node 22 and 26. The apps are the ones the
 * other packaging tests install (one per msw major, consumer-app.ts), shared; the server's is docs/server.md's, installed
 * once; Bun and Deno are binaries from the npm registry (js-runtimes.ts). Every process runs in its own group and
 * is stopped with it.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { createClient, triggerPipelineRun, waitForRun } from '@pipeline-api/sdk';
import { listen, type RunningServer } from '@pipeline-api/server/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execGroup, spawnGroup } from '../../process-group.js';
import { sharedApp, sharedConsumerApp, type ConsumerApp } from '../consumer-app.js';
import { consumerEnv } from '../consumer-env.js';
import { BUN_WITHOUT_SQLITE, bunBinary, denoBinary } from '../js-runtimes.js';
import { nodeBinary, TESTED_NODE } from '../node-runtime.js';
import type { Tarball } from '../pack.js';
import { MSW_2, RUNTIME_CELLS, RUNTIMES_TEST, type RuntimeCell } from '../runtime-cells.js';
import { sharedTarballs } from '../shared-tarballs.js';
import { runInWorkerGlobals } from '../worker-runtime.js';
import { serverPageApp } from '../../../docs/test/server-page-app.js';
import { inProcessMocksProgram, MOCKS_EXPECTED, mswMocksProgram, SDK_EXPECTED, sdkProgram, sdkWorkerEntry, type ServerTarget } from './runtime-programs.js';

const CELLS = RUNTIME_CELLS.filter((cell) => cell.test === RUNTIMES_TEST);
const DEFAULT_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

let tarballs: Tarball[];
/** A Deno cache of the run's own (Deno writes its module caches there): removed at the end. */
const denoDir = mkdtempSync(join(tmpdir(), 'pipeline-api-deno-'));
const folders: string[] = [denoDir];
/** The server the SDK cells call: the workspace's, in this process (the cells test the SDK, not the server). */
let server: RunningServer;

beforeAll(async () => {
  // The runtimes download (cold) while the tarballs are packed.
  [tarballs] = await Promise.all([sharedTarballs(), bun(), deno(), bunWithoutSqlite()]);
  server = await listen({ config: { bcryptRounds: 4, schedulerIntervalMs: 100 } });
}, 300_000);
afterAll(async () => {
  await server?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};
/** The apps: the packaging tests' shared one (msw 3, the query layer), consumer-matrix.test.ts's msw 2 one, and docs/server.md's (the server as a user installs it). */
const apps = {
  msw3: once(() => sharedConsumerApp(tarballs)),
  msw2: once(() => sharedApp(tarballs, ['contract', 'core', 'mocks', 'sdk'], [`msw@${MSW_2}`])),
  server: once(async () => (await serverPageApp()).app),
};
const bun = once(() => bunBinary());
const deno = once(() => denoBinary());
const bunWithoutSqlite = once(() => bunBinary(BUN_WITHOUT_SQLITE));

const env = () => ({ ...consumerEnv(), DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' });

async function workspace(app: ConsumerApp, cell: RuntimeCell) {
  const folder = app.workspace(cell.id);
  folders.push(folder);
  return folder;
}

/** Runs `file` (in `folder`) on Bun or Deno: Deno with the permissions the table gives, and never fetching a module. */
async function runOn(runtime: 'bun' | 'deno', folder: string, file: string, denoPermissions: string[]) {
  const command = runtime === 'bun' ? await bun() : await deno();
  const args = runtime === 'bun' ? [file] : ['run', '--cached-only', ...denoPermissions, file];
  return execGroup(command, args, { cwd: folder, env: env(), timeoutMs: 90_000 });
}

const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as unknown;
const target = (cell: RuntimeCell): ServerTarget => ({ url: server.url, apiKey: DEFAULT_KEY, password: 'admin', pipeline: cell.id });

async function sdkCell(cell: RuntimeCell, runtime: 'bun' | 'deno') {
  const folder = await workspace(await apps.msw3(), cell);
  writeFileSync(join(folder, 'app.mjs'), sdkProgram(target(cell), runtime === 'deno' ? 'npm:' : ''));
  // TanStack Query reads NODE_ENV.
  const run = await runOn(runtime, folder, 'app.mjs', ['--allow-net=127.0.0.1', '--allow-env=NODE_ENV']);
  expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
  expect(lastJson(run.stdout)).toEqual(SDK_EXPECTED);
  expect(run.stderr).toBe('');
}

async function workerCell(cell: RuntimeCell) {
  const app = await apps.msw3();
  const folder = await workspace(app, cell);
  writeFileSync(join(folder, 'worker.mjs'), sdkWorkerEntry(target(cell)));
  // What a worker's bundler does (wrangler, Vite): the worker and browser conditions, no Node platform, and
  // process.env.NODE_ENV (which TanStack Query reads) replaced at build time.
  const bundle = await build({
    entryPoints: [join(folder, 'worker.mjs')],
    absWorkingDir: app.dir,
    bundle: true,
    format: 'iife',
    platform: 'neutral',
    conditions: ['worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
    metafile: true,
  });
  const inputs = Object.keys(bundle.metafile.inputs);
  expect(
    inputs.filter((input) => input.includes('@pipeline-api/')).every((input) => input.startsWith('node_modules/@pipeline-api/') && input.includes('/dist/')),
  ).toBe(true);
  const answer = await (runInWorkerGlobals(bundle.outputFiles[0]!.text, 'cellResult') as Promise<string>);
  expect(JSON.parse(answer)).toEqual(SDK_EXPECTED);
}

/** What each way of mocking needs on Deno: the in-process fetch nothing; msw its logger's environment, and msw 3 its wasm HTTP parser's file. */
const DENO_PERMISSIONS = {
  'in-process': [],
  'msw-2': ['--allow-net=127.0.0.1', '--allow-env'],
  'msw-3': ['--allow-net=127.0.0.1', '--allow-env', '--allow-read'],
};

async function mocksCell(cell: RuntimeCell, runtime: 'bun' | 'deno', mock: 'in-process' | 'msw-2' | 'msw-3') {
  const app = mock === 'msw-2' ? await apps.msw2() : await apps.msw3();
  const folder = await workspace(app, cell);
  const prefix = runtime === 'deno' ? 'npm:' : '';
  // msw's module-level BroadcastChannel keeps Deno's event loop open (Node and Bun unref it): the script ends itself.
  const program = mock === 'in-process' ? inProcessMocksProgram(prefix) : mswMocksProgram(prefix, runtime === 'deno' ? 'Deno.exit(0);' : '');
  writeFileSync(join(folder, 'mocks.mjs'), program);
  const run = await runOn(runtime, folder, 'mocks.mjs', DENO_PERMISSIONS[mock]);
  if (cell.result === 'fails') {
    // Not intercepted: the SDK's request went to the network, where nothing listens on the mock's base URL.
    expect(run.code, `${run.stdout}${run.stderr}`).not.toBe(0);
    expect(run.stderr).toMatch(/Connection (refused|failed): POST http:\/\/127\.0\.0\.1:6789\/api\/sessions/);
    expect(run.stderr).toMatch(/ECONNREFUSED|Connection refused/);
    // What Bun says as msw 3 sets up (the table quotes it).
    if (runtime === 'bun') expect(run.stdout + run.stderr).toContain('Failed to replace a global value at "_wrapHandle"');
    return;
  }
  expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
  expect(lastJson(run.stdout)).toEqual(MOCKS_EXPECTED);
}

const SERVER_RUNTIMES: Record<string, () => Promise<(script: string) => [string, string[]]>> = {
  'server-node-22': async () => {
    const node = nodeBinary(TESTED_NODE[22]);
    return (script) => [node, [script]];
  },
  'server-node-26': async () => {
    const node = nodeBinary(TESTED_NODE[26]);
    return (script) => [node, [script]];
  },
  'server-bun': async () => {
    const binary = await bun();
    return (script) => [binary, [script]];
  },
  'server-deno': async () => {
    const binary = await deno();
    return (script) => [binary, ['run', '--cached-only', '--allow-net', '--allow-read', '--allow-write', '--allow-env', '--allow-sys', script]];
  },
};

/** Waits for `ready` (checked every 100 ms), at most `timeoutMs`: expect.poll needs the test's own expect, which concurrent cells would have to pass down. */
async function until(ready: () => boolean, timeoutMs: number) {
  for (const deadline = Date.now() + timeoutMs; !ready() && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 100));
}

async function serverCell(cell: RuntimeCell) {
  const app = await apps.server();
  const command = await SERVER_RUNTIMES[cell.id]!();
  const data = mkdtempSync(join(tmpdir(), `pipeline-api-${cell.id}-`));
  folders.push(data);
  const [binary, args] = command(join(app, 'node_modules/@pipeline-api/server/dist/pipeline-api-server.js'));
  const started = spawnGroup(binary, [...args, '--data', data], {
    cwd: app,
    env: { ...env(), PORT: '0', BCRYPT_ROUNDS: '4', SCHEDULER_INTERVAL_MS: '100' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  started.child.stdout!.on('data', (chunk) => (output += chunk));
  started.child.stderr!.on('data', (chunk) => (output += chunk));
  try {
    await until(() => /listening on http:\/\/\S+/.test(output) || started.child.exitCode !== null, 60_000);
    const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    expect(url, output).toBeDefined();
    const apiKey = /API key: +(\S+)/.exec(output)![1]!;
    const password = /owner password: +(\S+)/.exec(output)![1]!;
    const client = createClient({ baseUrl: url!, apiKey, maxRetries: 0 });
    await client.sessions.login({ email: 'admin@admin.com', password });
    const fast = { simulation: { duration_ms: 50 } };
    await client.pipelines.create({ name: 'nightly' });
    await client.pipelines.blocks.create('nightly', { name: 'load', type: 'data_loader', configuration: fast });
    await client.pipelines.blocks.create('nightly', { name: 'clean', type: 'transformer', upstream_blocks: ['load'], configuration: fast });
    const trigger = await client.pipelines.pipelineSchedules.create('nightly', { name: 'ci', schedule_type: 'api', status: 'active' });
    const run = await triggerPipelineRun({ baseUrl: url!, scheduleId: trigger.id, token: trigger.token! });
    const done = await waitForRun(client, run.id, { interval: 100, timeout: 60_000 });
    expect(done.block_runs?.map((b) => `${b.block_uuid}: ${b.status}`)).toEqual(['load: completed', 'clean: completed']);
    expect((await client.pipelines.list()).map((p) => p.uuid)).toEqual(['nightly']);
    expect(existsSync(join(data, 'pipeline-api.sqlite'))).toBe(true);
    expect(output).not.toMatch(/^\s+at /m);
  } finally {
    await started.stop();
  }
}

/** A runtime without node:sqlite: one line, naming it and what it lacks, and no stack. */
async function serverRefusalCell() {
  const app = await apps.server();
  const run = await execGroup(await bunWithoutSqlite(), [join(app, 'node_modules/@pipeline-api/server/dist/pipeline-api-server.js'), '--help'], {
    cwd: app,
    env: env(),
  });
  expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
    code: 1,
    stdout: '',
    stderr: `pipeline-api-server needs node:sqlite, which Bun ${BUN_WITHOUT_SQLITE} does not provide: run it on Node.js 22.13 or newer, or a newer Bun.\n`,
  });
}

describe.concurrent.each(CELLS)('$id: $packages on $runtime', (cell) => {
  it(
    cell.result === 'fails' ? 'fails as the table says' : 'works',
    async () => {
      switch (cell.id) {
        case 'sdk-bun':
          return sdkCell(cell, 'bun');
        case 'sdk-deno':
          return sdkCell(cell, 'deno');
        case 'sdk-worker':
          return workerCell(cell);
        case 'mocks-bun-in-process':
          return mocksCell(cell, 'bun', 'in-process');
        case 'mocks-bun-msw-2':
          return mocksCell(cell, 'bun', 'msw-2');
        case 'mocks-bun-msw-3':
          return mocksCell(cell, 'bun', 'msw-3');
        case 'mocks-deno-in-process':
          return mocksCell(cell, 'deno', 'in-process');
        case 'mocks-deno-msw-2':
          return mocksCell(cell, 'deno', 'msw-2');
        case 'mocks-deno-msw-3':
          return mocksCell(cell, 'deno', 'msw-3');
        case 'server-bun-without-sqlite':
          return serverRefusalCell();
        default:
          if (cell.id in SERVER_RUNTIMES) return serverCell(cell);
          throw new Error(`runtime-cells.ts names ${RUNTIMES_TEST} for ${cell.id}, which it does not run`);
      }
    },
    600_000,
  );
});
