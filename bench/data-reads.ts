/**
 * npm run bench:data-reads [-- --smoke]: read throughput of the built command with --data: GET one pipeline (its
 * blocks' graph is derived and cached per record object) and a page of the pipeline list, over pipelines of
 * several blocks each. With BENCH_BASE=<another checkout, built> its command runs beside this one in the same
 * rounds, each over its own new data directory with the same content, the first one alternating by round.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SMOKE as smoke, loadLength } from './smoke.js';
import { pool, spawnServer, type Proc } from './support.js';

const DURATION = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = smoke ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
const PIPELINES = smoke ? 5 : 100;
const BLOCKS = smoke ? 2 : 10;
const KEY = 'bench-key';
const BIN = 'server/dist/pipeline-api-server.js';
const builds: [string, string | undefined][] = [['this build', undefined]];
if (process.env.BENCH_BASE) builds.push([`base (${process.env.BENCH_BASE})`, process.env.BENCH_BASE]);

async function start(dir: string, cwd: string | undefined): Promise<Proc> {
  const args = [process.execPath, BIN, '--port', '0', '--quiet', '--no-auth', '--api-key', KEY, '--data', dir];
  return spawnServer(args, {}, /listening on (http:\/\/\S+)/, cwd);
}

const headers = { 'X-API-KEY': KEY, 'Content-Type': 'application/json' };

async function post(target: Proc, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${target.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
}

async function fill(target: Proc): Promise<void> {
  await pool(PIPELINES, 8, (p) => post(target, '/api/pipelines', { pipeline: { name: `p${p}` } }));
  await pool(PIPELINES, 8, async (p) => {
    for (let b = 0; b < BLOCKS; b++) {
      const upstream = b === 0 ? [] : [`p${p}_b${b - 1}`];
      await post(target, `/api/pipelines/p${p}/blocks`, { block: { name: `p${p}_b${b}`, type: 'transformer', content: 'x = 1\n', upstream_blocks: upstream } });
    }
  });
}

async function readsPerSecond(target: Proc, path: string): Promise<number> {
  const result = await autocannon({ url: target.url, connections: 4, ...loadLength(DURATION, 4), requests: [{ method: 'GET', path, headers }] });
  if (result.errors + result.non2xx > 0) throw new Error(`GET ${path}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

const READS: [string, string][] = [
  ['GET one pipeline', `/api/pipelines/p${Math.floor(PIPELINES / 2)}`],
  ['GET the pipeline list (page of 20)', '/api/pipelines?_limit=20'],
];
const figures = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const [name, cwd] of order) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-data-reads-'));
    const server = await start(dir, cwd);
    try {
      await fill(server);
      for (const [read, path] of READS) {
        if (!smoke) await readsPerSecond(server, path); // warm-up
        const rps = await readsPerSecond(server, path);
        const key = `${read} | ${name}`;
        figures.set(key, [...(figures.get(key) ?? []), rps]);
        console.log(`  round ${round + 1}, ${name}, ${read}: ${rps.toFixed(0)}/s`);
      }
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`\nReads per second with --data, ${PIPELINES} pipelines of ${BLOCKS} blocks, 4 connections, median of ${ROUNDS} rounds of ${DURATION} s\n`);
console.log('| read | build | reads/s |');
console.log('|---|---|---|');
for (const [key, values] of figures) console.log(`| ${key} | ${median(values).toFixed(0)} |`);
