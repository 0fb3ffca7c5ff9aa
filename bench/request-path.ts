/**
 * npm run bench:request-path: what one request costs at the Express edge, for the server's edge (`kit`,
 * server/http/app.ts: one adapter, the core's route table) beside the same core behind @ts-rest/express used as its
 * documentation shows (`ts-rest`, bench/ts-rest-app.ts).
 * 1. Which of the repository's source files one request runs code in, and how many functions it calls there, for
 *    GET /api/pipelines/:uuid and POST /api/pipelines/:uuid/blocks: V8's precise coverage, reset after a warm-up and
 *    read after one request (every function the request called, whatever it inlined). Dependencies count as packages.
 * 2. Both edges in their own processes, seeded alike, loaded in turn by autocannon with bench:server's requests: per
 *    scenario the median over rounds of each one's req/s and CPU per request, and ts-rest's over the kit's. On a
 *    shared machine the CPU per request is the figure to trust.
 * `-- --smoke`: one warm-up, one short round, 100 pipelines. The edges run bundled (esbuild, once), as bench:server runs the server.
 */
import { createServer, request as httpRequest } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { createApi } from '@pipeline-api/core';
import { createApp } from '../server/http/app.js';
import { bundleCommand } from '../server/test/bundled-command.js';
import { LOAD_ENV, seedForScenarios, serverScenarios } from './server-scenarios.js';
import { sized } from './smoke.js';
import { loadScenario, spawnServer, type LoadFigures } from './support.js';
import { createTsRestApp } from './ts-rest-app.js';

const VARIANTS = { kit: createApp, 'ts-rest': createTsRestApp } as const;
type Variant = keyof typeof VARIANTS;

// 1. Files and functions per request, in this process.
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
const prefix = new URL('..', import.meta.url).href; // the repository's root
for (const [variant, createEdge] of Object.entries(VARIANTS)) {
  const api = await createApi({ config: { bcryptRounds: 4 } });
  const server = createServer(createEdge(api)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<string>((resolve, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const key = api.config.apiKey;
  const login = JSON.parse(
    await send('POST', '/api/sessions', { 'x-api-key': key }, JSON.stringify({ session: { email: 'admin@admin.com', password: 'admin' } })),
  ) as { session: { token: string } };
  // The decoded token in OAUTH-TOKEN, as bench:server sends it.
  const claims = JSON.parse(Buffer.from(login.session.token.split('.')[1]!, 'base64url').toString('utf8')) as { token: string };
  const headers = { 'x-api-key': key, 'oauth-token': claims.token, 'content-type': 'application/json' };
  await send('POST', '/api/pipelines', headers, JSON.stringify({ pipeline: { name: 'p' } }));
  let created = 0;
  const requests: Record<string, () => Promise<string>> = {
    'GET /api/pipelines/:uuid': () => send('GET', '/api/pipelines/p', headers),
    'POST /api/pipelines/:uuid/blocks': () =>
      send('POST', '/api/pipelines/p/blocks', headers, JSON.stringify({ block: { name: `b${created++}`, type: 'transformer' } })),
  };
  for (const [name, call] of Object.entries(requests)) {
    // Warm-up calls before the counted one (a smoke run, one: the same path, fewer lazy first calls outside it).
    for (let i = 0; i < sized(3, 1); i++) await call();
    await session.post('Profiler.takePreciseCoverage'); // reads and resets the counts
    const answer = await call();
    const { result } = await session.post('Profiler.takePreciseCoverage');
    if (answer.includes('"error"')) throw new Error(`${variant}: ${name} answered an error: ${answer}`);
    const files = new Map<string, number>();
    const packages = new Set<string>();
    for (const script of result) {
      if (!script.url.startsWith(prefix)) continue;
      const path = script.url.slice(prefix.length);
      const called = script.functions.filter((f) => (f.ranges[0]?.count ?? 0) > 0).length;
      if (called === 0 || path.startsWith('bench/')) continue;
      const parts = path.split('/');
      if (parts[0] === 'node_modules') packages.add(parts.slice(1, parts[1]!.startsWith('@') ? 3 : 2).join('/'));
      else files.set(path, called);
    }
    const functions = [...files.values()].reduce((sum, n) => sum + n, 0);
    console.log(`${variant}, ${name}: ${files.size} source files, ${functions} functions called; ${packages.size} dependency packages`);
    for (const [path, count] of [...files].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${String(count).padStart(3)}  ${path}`);
    console.log(`  packages: ${[...packages].sort().join(', ')}`);
  }
  await new Promise((resolve) => server.close(resolve));
}
session.disconnect();

// 2. The two edges under load, side by side.
const PIPELINES = sized(10_000, 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(5, 1));
const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(3, 1));
const CONNECTIONS = sized(32, 4);
// Bundled once: each process then loads one file, not every source through tsx.
const bundle = await bundleCommand('bench/edge-server.ts');
process.once('exit', () => bundle.remove());
const targets = await Promise.all(
  (Object.keys(VARIANTS) as Variant[]).map(async (variant) => {
    const server = await spawnServer([process.execPath, ...bundle.entry, variant], LOAD_ENV, /listening on (http:\/\/\S+)/);
    let created = 0;
    return { variant, server, auth: await seedForScenarios(server.url, PIPELINES), next: () => created++ };
  }),
);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
console.log(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per load, ${ROUNDS} rounds taking the edges in turn, ${PIPELINES} pipelines`);
try {
  for (const scenario of serverScenarios(PIPELINES)) {
    const runs = new Map<Variant, LoadFigures[]>(targets.map(({ variant }) => [variant, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const { variant, server, auth, next } of targets) {
        const figures = await loadScenario({ url: server.url, pids: [server.child.pid!] }, scenario, auth, {
          seconds: SECONDS,
          connections: CONNECTIONS,
          firstPipeline: 'p000000',
          pipelineName: (n) => `p${String(n % PIPELINES).padStart(6, '0')}`,
          nextIndex: next,
        });
        if (figures.errors > 0) throw new Error(`${variant}, ${scenario.name}: ${figures.detail}`);
        runs.get(variant)!.push(figures);
      }
    }
    const rps = (variant: Variant) => median(runs.get(variant)!.map((f) => f.rps));
    const cpu = (variant: Variant) => median(runs.get(variant)!.map((f) => f.cpuPerRequestMs * 1000));
    console.log(`${scenario.name} (medians of ${ROUNDS} rounds)`);
    for (const { variant } of targets)
      console.log(`  ${variant.padEnd(8)} ${rps(variant).toFixed(0).padStart(7)} req/s  cpu ${cpu(variant).toFixed(0).padStart(5)} µs/req`);
    console.log(`  ts-rest / kit: req/s ${(rps('ts-rest') / rps('kit')).toFixed(2)}x, cpu per request ${(cpu('ts-rest') / cpu('kit')).toFixed(2)}x`);
  }
} finally {
  await Promise.all(targets.map(({ server }) => server.stop()));
}
process.exit(0);
