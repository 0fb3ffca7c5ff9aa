/**
 * The mocks in Node, in one run:
 * 1. Import cost, each in a fresh process on the built packages (what an app's test file pays): each module
 *    alone, and import to the first answered request through the in-process fetch and through MSW, on msw 3
 *    (installed from the registry once, cached) and on the workspace's msw 2.
 *    Targets (on the best of the runs, the least disturbed by other load): in-process <= 150 ms; through MSW <= MSW's
 *    own import (`msw` and `msw/node`, what an MSW test file loads) + 100 ms. Beside it, MSW alone from import to its
 *    first answer (one handler), so the kit's own share shows.
 * 2. Per call: a simple read (`statuses.health` through the SDK) with `mock.fetch` and through MSW's interception.
 *    Target: in-process <= 0.1 ms per read.
 * 3. 1,000 mixed SDK calls against the reference server over loopback (its own process, as `npm start` runs it),
 *    the mocks through MSW, and the in-process fetch. Two rounds each, alternating; the best round of each counts.
 *    Target: the mocks no slower than the server.
 * Run: npm run build:js && npm run bench:mocks  (`-- --smoke`: tiny sizes, checks it runs).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient, type Client } from '@pipeline-api/sdk';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { createInProcessMock } from '@pipeline-api/mocks/in-process';
import { MSW_3, mswInstall } from '../scripts/packaging/msw-install.js';
import { spawnServer } from './support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const SMOKE = process.argv.includes('--smoke');
const CALLS = SMOKE ? 30 : 1000;
const READS = SMOKE ? 50 : 5000;
const IMPORT_RUNS = SMOKE ? 1 : 7;
const ROUNDS = SMOKE ? ['r1'] : ['r1', 'r2'];

/**
 * A fresh Node process on the built packages (no source condition): what a test file's worker pays. Wall time
 * of the body, and the process's CPU time since it started (steadier on a shared machine; Node's own start included).
 */
function timeInFreshProcess(body: string, mswDir?: string): { wall: number; cpu: number } {
  const script = `${mswDir ? mswFrom(mswDir) : ''}const t0 = performance.now();\n${body}\nconst u = process.cpuUsage();\nconsole.log(performance.now() - t0, (u.user + u.system) / 1000);`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  const [wall, cpu] = out.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { wall: wall!, cpu: cpu! };
}
/**
 * Resolves `msw` and its subpaths (the kit's imports and the script's) from `mswDir`, as an app with that msw
 * installed does: Node's in-thread resolve hook, registered before the clock starts.
 */
function mswFrom(mswDir: string): string {
  const parent = JSON.stringify(pathToFileURL(join(mswDir, 'package.json')).href);
  return `import { registerHooks } from 'node:module';
registerHooks({ resolve: (specifier, context, next) => (specifier === 'msw' || specifier.startsWith('msw/') ? next(specifier, { ...context, parentURL: ${parent} }) : next(specifier, context)) });
`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Median and best of IMPORT_RUNS fresh processes (the best is the least disturbed by other load on the machine). */
const medianOf = (body: string, mswDir?: string) => {
  const runs = Array.from({ length: IMPORT_RUNS }, () => timeInFreshProcess(body, mswDir));
  const best = Math.min(...runs.map((r) => r.wall));
  return { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)), best };
};
const ms = ({ wall, cpu, best }: { wall: number; cpu: number; best: number }) =>
  `${wall.toFixed(0).padStart(5)} ms (best ${best.toFixed(0).padStart(4)} ms, CPU ${cpu.toFixed(0).padStart(4)} ms)`;

const FIRST_IN_PROCESS = `
const { createInProcessMock } = await import('@pipeline-api/mocks/in-process');
const { createClient } = await import('@pipeline-api/sdk');
const mock = createInProcessMock({ baseUrl: 'http://mocks.bench' });
await createClient({ baseUrl: 'http://mocks.bench', apiKey: '${KEY}', fetch: mock.fetch }).statuses.health();`;
const FIRST_THROUGH_MSW = `
const { setupMockServer } = await import('@pipeline-api/mocks/node');
const { createClient } = await import('@pipeline-api/sdk');
const mock = setupMockServer({ baseUrl: 'http://mocks.bench' });
mock.listen();
await createClient({ baseUrl: 'http://mocks.bench', apiKey: '${KEY}' }).statuses.health();
mock.close();`;
/**
 * The same first answer from MSW alone (one handler, the same SDK call): what MSW's first interception costs any
 * MSW test file (on msw 3 the request goes through undici's client and MSW's socket emulation), beside what the kit adds.
 */
const FIRST_MSW_ALONE = `
const { http, HttpResponse } = await import('msw');
const { setupServer } = await import('msw/node');
const { createClient } = await import('@pipeline-api/sdk');
const server = setupServer(http.get('http://mocks.bench/api/status', () => HttpResponse.json({ status: { status: 'ok', version: '0', require_user_authentication: true }, metadata: null, status: 200 })));
server.listen();
await createClient({ baseUrl: 'http://mocks.bench', apiKey: '${KEY}' }).statuses.health();
server.close();`;

console.log(`Import cost in a fresh process, median of ${IMPORT_RUNS} (built packages, Node ${process.versions.node}); targets on the best run`);
const modules = ['zod', '@pipeline-api/contract', '@pipeline-api/core', '@pipeline-api/sdk', '@pipeline-api/mocks/in-process'];
const imports = new Map(modules.map((m) => [m, medianOf(`await import('${m}');`)]));
console.log(`  ${'(an empty process)'.padEnd(41)} ${ms(medianOf(''))}`);
for (const [module, cost] of imports) console.log(`  import ${module.padEnd(34)} ${ms(cost)}`);
const firstInProcess = medianOf(FIRST_IN_PROCESS);
console.log(`  import to first answer, in-process fetch  ${ms(firstInProcess)}   target <= 150 ms: ${firstInProcess.best <= 150 ? 'met' : 'MISSED'}`);

/**
 * Through MSW, on msw 3 (what `npm install msw` gives) and the workspace's msw 2. MSW's own import is what any
 * MSW test file loads: `msw` (its handlers: `http`) and `msw/node` (setupServer); on msw 2, `msw` alone is
 * about 55 ms more than `msw/node` (it loads graphql).
 */
const MSW_OWN = `await import('msw'); await import('msw/node');`;
for (const [label, mswDir] of [
  [`msw ${MSW_3}`, mswInstall(MSW_3)],
  ['msw 2.15.0 (the workspace)', undefined],
] as const) {
  console.log(`  ${label}:`);
  const own = medianOf(MSW_OWN, mswDir);
  for (const [name, cost] of [
    ['msw/node', medianOf(`await import('msw/node');`, mswDir)],
    ["msw and msw/node (MSW's own)", own],
    ['@pipeline-api/mocks/node', medianOf(`await import('@pipeline-api/mocks/node');`, mswDir)],
  ] as const) {
    console.log(`    import ${name.padEnd(32)} ${ms(cost)}`);
  }
  const alone = medianOf(FIRST_MSW_ALONE, mswDir);
  console.log(`    import to first answer, MSW alone       ${ms(alone)}   (one handler: MSW's floor)`);
  const first = medianOf(FIRST_THROUGH_MSW, mswDir);
  console.log(
    `    import to first answer, through MSW     ${ms(first)}   target <= MSW's own + 100 = ${(own.best + 100).toFixed(0)} ms: ${first.best <= own.best + 100 ? 'met' : 'MISSED'}`,
  );
  console.log(`    the kit's share (through MSW - MSW alone): best ${(first.best - alone.best).toFixed(0)} ms, CPU ${(first.cpu - alone.cpu).toFixed(0)} ms`);
}

/** A mix a UI produces: lists and reads dominate, with creates, updates and deletes between. */
async function workload(client: Client, round: string): Promise<number> {
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  let calls = 1;
  let i = 0;
  while (calls < CALLS) {
    const name = `${round} p${i++}`;
    const p = await client.pipelines.create({ name });
    await client.pipelines.blocks.create(p.uuid, { name: 'load', type: 'data_loader' });
    await client.pipelines.blocks.create(p.uuid, { name: 'clean', type: 'transformer', upstream_blocks: ['load'] });
    await client.pipelines.list({ limit: 20 });
    await client.pipelines.detail(p.uuid);
    await client.pipelines.blocks.list(p.uuid);
    await client.pipelines.blocks.update(p.uuid, 'clean', { content: 'x = 1' });
    await client.pipelines.update(p.uuid, { description: 'touched' });
    await client.blocks.detail('load').catch(() => undefined);
    await client.pipelines.detail('missing').catch(() => undefined);
    calls += 10;
    if (i % 5 === 0) {
      await client.pipelines.delete(p.uuid);
      calls++;
    }
  }
  return calls;
}

/** The reference server as `npm start` runs it, in a process group of its own (support.ts). */
const startServer = () =>
  spawnServer([process.execPath, '--import', 'tsx', 'server/http/main.ts'], { PORT: '0', BCRYPT_ROUNDS: '4' }, /listening on (\S+)/, root);

async function timed(client: Client, round: string) {
  const started = performance.now();
  const calls = await workload(client, round);
  return { calls, ms: performance.now() - started };
}

async function timeServer(round: string) {
  const server = await startServer();
  try {
    return await timed(createClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 0 }), round);
  } finally {
    await server.stop();
  }
}

async function timeMsw(round: string) {
  const mock = setupMockServer({ baseUrl: 'http://mocks.bench' });
  mock.listen();
  try {
    return await timed(createClient({ baseUrl: 'http://mocks.bench', apiKey: KEY, maxRetries: 0 }), round);
  } finally {
    mock.close();
  }
}

async function timeInProcess(round: string) {
  const mock = createInProcessMock({ baseUrl: 'http://mocks.bench' });
  return timed(createClient({ baseUrl: 'http://mocks.bench', apiKey: KEY, maxRetries: 0, fetch: mock.fetch }), round);
}

/** Milliseconds per `statuses.health` through the SDK, after a warm-up. */
async function perRead(client: Client): Promise<number> {
  for (let i = 0; i < 200; i++) await client.statuses.health();
  const started = performance.now();
  for (let i = 0; i < READS; i++) await client.statuses.health();
  return (performance.now() - started) / READS;
}

const inProcessMock = createInProcessMock({ baseUrl: 'http://mocks.bench' });
const readInProcess = await perRead(createClient({ baseUrl: 'http://mocks.bench', apiKey: KEY, fetch: inProcessMock.fetch }));
const mswMock = setupMockServer({ baseUrl: 'http://mocks.bench' });
mswMock.listen();
const readMsw = await perRead(createClient({ baseUrl: 'http://mocks.bench', apiKey: KEY }));
mswMock.close();
console.log(`\nA simple read (statuses.health through the SDK), ${READS} calls`);
console.log(`  in-process fetch  ${readInProcess.toFixed(3).padStart(7)} ms/call   target <= 0.1 ms: ${readInProcess <= 0.1 ? 'met' : 'MISSED'}`);
console.log(`  through MSW       ${readMsw.toFixed(3).padStart(7)} ms/call   (${(readMsw / readInProcess).toFixed(1)}x the in-process fetch)`);

/** What a test pays per test (`afterEach(() => mock.reset())`) and per sign-in (a password check), in process. */
const RESETS = SMOKE ? 10 : 300;
const loginClient = createClient({ baseUrl: 'http://mocks.bench', apiKey: KEY, fetch: inProcessMock.fetch });
const timePer = async (times: number, body: () => PromiseLike<unknown>) => {
  for (let i = 0; i < Math.min(times, 20); i++) await body();
  const started = performance.now();
  for (let i = 0; i < times; i++) await body();
  return (performance.now() - started) / times;
};
const resetMs = await timePer(RESETS, () => inProcessMock.reset());
const loginMs = await timePer(RESETS, () => loginClient.sessions.login({ email: 'admin@admin.com', password: 'admin' }));
console.log(`  mock.reset()      ${resetMs.toFixed(3).padStart(7)} ms/call   a login ${loginMs.toFixed(3)} ms (${RESETS} each)`);

const results = { server: [] as number[], msw: [] as number[], inProcess: [] as number[] };
let calls = 0;
for (const round of ROUNDS) {
  const s = await timeServer(round);
  const m = await timeMsw(round);
  const f = await timeInProcess(round);
  results.server.push(s.ms);
  results.msw.push(m.ms);
  results.inProcess.push(f.ms);
  calls = s.calls;
  console.log(
    `round ${round}: server ${s.ms.toFixed(0)} ms, mocks through MSW ${m.ms.toFixed(0)} ms, in-process ${f.ms.toFixed(0)} ms (${s.calls} calls each)`,
  );
}
const best = (values: number[]) => Math.min(...values);
const [server, msw, inProcess] = [best(results.server), best(results.msw), best(results.inProcess)];
const row = (label: string, ms: number) =>
  `  ${label.padEnd(24)} ${ms.toFixed(0).padStart(6)} ms  ${(calls / (ms / 1000)).toFixed(0).padStart(6)} calls/s  ${(ms / server).toFixed(2)}x`;
console.log(`\n${calls} mixed SDK calls (best of ${ROUNDS.length}; time / server time)`);
console.log(row('server over loopback', server));
console.log(row('mocks through MSW', msw));
console.log(row('mocks, in-process fetch', inProcess));
console.log(`  mocks through MSW / server: target <= 1.00x: ${msw <= server ? 'met' : 'MISSED'}`);
