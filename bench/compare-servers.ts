/**
 * tsx bench/compare-servers.ts <a.mjs> <b.mjs>: two builds of the reference server (bundle-server.ts), seeded alike,
 * loaded in turn with bench:server's requests; per request, the CPU each server's process spent, median of ROUNDS
 * (default 5) rounds of SECONDS (default 3); SCENARIO picks scenarios by the start of their names. On a shared machine, builds compared in one run, round by round, differ
 * by what changed between them more than by the load of the moment.
 */
import { LOAD_ENV, seedForScenarios, serverScenarios } from './server-scenarios.js';
import { loadScenario, spawnServer, type Proc } from './support.js';

const [a, b] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: compare-servers.ts <a.mjs> <b.mjs>');
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SECONDS = Number(process.env.SECONDS ?? 3);
const PIPELINES = 10_000;

async function start(entry: string) {
  const server = await spawnServer([process.execPath, entry], { PORT: '0', ...LOAD_ENV }, /listening on (http:\/\/\S+)/);
  const auth = await seedForScenarios(server.url, PIPELINES);
  let created = 0;
  return { server, auth, next: () => created++ };
}

const targets = [await start(a), await start(b)];
const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1]!;
// SCENARIO=GET: only the scenarios whose name starts with it.
for (const scenario of serverScenarios(PIPELINES).filter((s) => s.name.startsWith(process.env.SCENARIO ?? ''))) {
  const cpu: number[][] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, { server, auth, next }] of targets.entries()) {
      const figures = await loadScenario({ url: server.url, pids: [server.child.pid!] }, scenario, auth, {
        seconds: SECONDS,
        connections: 32,
        firstPipeline: 'p000000',
        pipelineName: (n) => `p${String(n % PIPELINES).padStart(6, '0')}`,
        nextIndex: next,
      });
      cpu[i]!.push(figures.cpuPerRequestMs * 1000);
    }
  }
  const [ma, mb] = cpu.map(median) as [number, number];
  console.log(
    `${scenario.name}: a ${ma.toFixed(0)} µs, b ${mb.toFixed(0)} µs per request (b / a ${(mb / ma).toFixed(2)}x; rounds a ${cpu[0]!.map((v) => v.toFixed(0)).join(' ')}, b ${cpu[1]!.map((v) => v.toFixed(0)).join(' ')})`,
  );
}
await Promise.all(targets.map(({ server }: { server: Proc }) => server.stop()));
process.exit(0);
