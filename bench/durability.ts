/**
 * npm run bench:durability [-- --smoke]: write throughput of the built command in memory and with --data (every
 * acknowledged write committed to SQLite and synced first), side by side in one run. Each round loads one server,
 * then the other, with the same pipeline creates (one API transaction, one SQLite transaction each); the ratio is
 * the median of the rounds' ratios, at 1 connection and at 32.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SMOKE as smoke, loadLength } from './smoke.js';
import { spawnServer, type Proc } from './support.js';

const DURATION = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = smoke ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
const KEY = 'bench-key';
const BIN = 'server/dist/pipeline-api-server.js';

// BENCH_BASE=<another checkout, built>: its command with --data is loaded in the same rounds too (before/after).
const BASE = process.env.BENCH_BASE;

async function start(args: string[], cwd?: string): Promise<Proc> {
  return spawnServer([process.execPath, BIN, '--port', '0', '--quiet', '--no-auth', '--api-key', KEY, ...args], {}, /listening on (http:\/\/\S+)/, cwd);
}

async function writesPerSecond(target: Proc, connections: number, tag: string, duration = DURATION): Promise<{ rps: number; p99: number; errors: number }> {
  let counter = 0;
  const result = await autocannon({
    url: target.url,
    connections,
    ...loadLength(duration, connections),
    requests: [
      {
        method: 'POST',
        path: '/api/pipelines',
        headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ pipeline: { name: `${tag} ${counter++}` } }) }),
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const rows: string[] = [];
// A smoke run loads at one concurrency: the other runs the same code.
for (const connections of smoke ? [32] : [1, 32]) {
  const ratios: number[] = [];
  const memory: number[] = [];
  const durable: number[] = [];
  const based: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-durability-'));
    const baseDir = mkdtempSync(join(tmpdir(), 'bench-durability-base-'));
    // Side by side: nothing is measured while they start.
    const [inMemory, onDisk] = await Promise.all([start([]), start(['--data', dir])]);
    const baseOnDisk = BASE ? await start(['--data', baseDir], BASE) : null;
    try {
      // A second of warm-up each (JIT, first sync), then the two in turn, the first one alternating by round.
      if (!smoke) {
        await writesPerSecond(inMemory, connections, `wm${round}`, 1);
        await writesPerSecond(onDisk, connections, `wd${round}`, 1);
      }
      let m, d;
      if (round % 2 === 0) {
        m = await writesPerSecond(inMemory, connections, `m${round}`);
        d = await writesPerSecond(onDisk, connections, `d${round}`);
      } else {
        d = await writesPerSecond(onDisk, connections, `d${round}`);
        m = await writesPerSecond(inMemory, connections, `m${round}`);
      }
      if (baseOnDisk) {
        if (!smoke) await writesPerSecond(baseOnDisk, connections, `wb${round}`, 1);
        const b = await writesPerSecond(baseOnDisk, connections, `b${round}`);
        if (b.errors) throw new Error(`errors during the load: base --data ${b.errors}`);
        based.push(b.rps);
        console.log(`  ${connections} conn, round ${round + 1}: base build --data ${b.rps.toFixed(0)}/s (p99 ${b.p99} ms)`);
      }
      if (m.errors || d.errors) throw new Error(`errors during the load: memory ${m.errors}, --data ${d.errors}`);
      memory.push(m.rps);
      durable.push(d.rps);
      ratios.push(d.rps / m.rps);
      console.log(`  ${connections} conn, round ${round + 1}: memory ${m.rps.toFixed(0)}/s (p99 ${m.p99} ms), --data ${d.rps.toFixed(0)}/s (p99 ${d.p99} ms)`);
    } finally {
      await Promise.all([inMemory.stop(), onDisk.stop(), baseOnDisk?.stop()]);
      for (const path of [dir, baseDir]) rmSync(path, { recursive: true, force: true });
    }
  }
  const base = BASE ? ` ${median(based).toFixed(0)} (${(median(based) / median(memory)).toFixed(2)}x of memory) |` : '';
  rows.push(`| ${connections} | ${median(memory).toFixed(0)} | ${median(durable).toFixed(0)} | ${median(ratios).toFixed(2)} |${base}`);
}
console.log(`\nPipeline creates per second, median of ${ROUNDS} rounds of ${DURATION} s (noisy shared machine: read the ratio)\n`);
console.log(`| connections | memory | --data (SQLite, log synced per group of commits) | --data / memory |${BASE ? ' base build --data |' : ''}`);
console.log(`|---|---|---|---|${BASE ? '---|' : ''}`);
for (const row of rows) console.log(row);
