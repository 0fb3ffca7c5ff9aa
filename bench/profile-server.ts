/**
 * npm run bench:profile-server: the reference server under `node --cpu-prof`, loaded with bench:server's three
 * requests one after the other (same seed: 10k pipelines), then where its CPU went during each, by function and by
 * file (cpu-profile-summary.ts), beside the CPU each request cost. PROFILE_SECONDS (default 6) per scenario;
 * `-- --smoke`: 100 pipelines, a few requests per connection.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report } from './cpu-profile-summary.js';
import { LOAD_ENV, seedForScenarios, serverScenarios } from './server-scenarios.js';
import { sized } from './smoke.js';
import { loadScenario, startReference } from './support.js';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 6);
const PIPELINES = sized(10_000, 100);
const CONNECTIONS = sized(32, 4);
const dir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));

const server = await startReference({ ...LOAD_ENV, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` });
const auth = await seedForScenarios(server.url, PIPELINES);

// V8 stamps samples with the monotonic clock process.hrtime reads (Linux): each scenario's window, in µs.
const now = () => Number(process.hrtime.bigint() / 1000n);
let created = 0;
const windows: { name: string; from: number; to: number; cpuUs: number }[] = [];
for (const scenario of serverScenarios(PIPELINES)) {
  const load = (seconds: number) =>
    loadScenario({ url: server.url, pids: [server.child.pid!] }, scenario, auth, {
      seconds,
      connections: CONNECTIONS,
      firstPipeline: 'p000000',
      pipelineName: (i) => `p${String(i % PIPELINES).padStart(6, '0')}`,
      nextIndex: () => created++, // block names never repeat across the loads
    });
  await load(1); // warm-up, left out
  const from = now();
  const figures = await load(SECONDS);
  windows.push({ name: scenario.name, from, to: now(), cpuUs: figures.cpuPerRequestMs * 1000 });
}
await server.stop();

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('the server wrote no profile (it must exit through process.exit or return)');
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Parameters<typeof report>[0];
for (const window of windows) {
  console.log(`\n== ${window.name}: ${window.cpuUs.toFixed(0)} µs CPU per request`);
  console.log(report(profile, Number(process.env.PROFILE_TOP ?? 15), window));
}
process.exit(0);
