/**
 * npm run bench:startup [-- --smoke]: milliseconds from spawning the built command to its "listening on" line, and
 * its resident memory then: in memory, with a new --data directory, and with one holding 100k runs of 10 block
 * runs each (1M block runs), beside a bare `node -e` start for scale. Median of several starts each, in turn.
 *
 * The big data file is written directly (one real run made through the API, copied with new ids in one SQLite
 * transaction): through the API it would take most of the run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createApi } from '../core/src/api.js';
import type { RunRecord } from '../core/src/model/runs.js';
import { runsTable } from '../core/src/model/runs.js';
import { DATA_FILE } from '../server/storage/data-file.js';
import { counterChecksum, recordChecksum } from '../server/storage/record-checksum.js';
import { openSqliteStore } from '../server/storage/sqlite-store.js';
import { cpuMs, root, rssMb } from './support.js';

const smoke = process.argv.includes('--smoke');
const STARTS = smoke ? 1 : Number(process.env.BENCH_STARTS ?? 5);
const RUNS = smoke ? 1_000 : Number(process.env.BENCH_RUNS ?? 100_000);
const BLOCKS = 10;
const BIN = 'server/dist/pipeline-api-server.js';
const SECRETS = ['--api-key', 'k', '--owner-password', 'p', '--jwt-secret', 's'];

interface Start {
  wall: number;
  cpu: number;
  rss: number;
}

/** Wall milliseconds to the ready line, the CPU milliseconds used by then (steadier on a busy machine) and the RSS then. */
function timeToReady(args: string[], ready: RegExp, cwd = root): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let measured = false;
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no ready line:\n${out}`))), 300_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      // Measured once: output after the ready line (the child stopping) must not read a process that is gone.
      if (!measured && ready.test(out)) {
        measured = true;
        clearTimeout(timer);
        const wall = performance.now() - started;
        const cpu = cpuMs(child.pid!);
        const rss = rssMb(child.pid!);
        child.kill('SIGTERM');
        child.once('exit', () => resolve({ wall, cpu, rss }));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => (clearTimeout(timer), ready.test(out) ? undefined : reject(new Error(`exited ${code} before ready:\n${out}`))));
  });
}

/** A data directory with `runs` runs of BLOCKS block runs each, all completed (the scheduler has nothing to do at start). */
async function buildDataDir(runs: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const store = openSqliteStore(dir);
  const api = await createApi({ repo: store.repository, config: { requireUserAuthentication: false, bcryptRounds: 4 } });
  const headers = { 'x-api-key': api.config.apiKey };
  const post = async (path: string, body: unknown) => {
    const outcome = await api.core.dispatch({ method: 'POST', path, query: {}, headers, body });
    if (outcome.errorCode !== undefined) throw new Error(`${path}: ${JSON.stringify(outcome.body)}`);
    return outcome.body as Record<string, { id: number }>;
  };
  await post('/api/pipelines', { pipeline: { name: 'etl' } });
  for (let b = 0; b < BLOCKS; b++) await post('/api/pipelines/etl/blocks', { block: { name: `step ${b}`, type: 'transformer', content: 'x = 1\n' } });
  const trigger = (await post('/api/pipelines/etl/pipeline_schedules', { pipeline_schedule: { name: 'nightly', schedule_type: 'api', status: 'active' } }))
    .pipeline_schedule!;
  const { id } = (await post(`/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} })).pipeline_run!;
  api.tick(Date.now());
  const planned = runsTable.in(api.repo).get(id);
  if (planned?.block_runs.length !== BLOCKS) throw new Error(`the template run has ${planned?.block_runs.length} block runs, not ${BLOCKS}`);
  store.close();

  const done = (run: RunRecord, runId: number): RunRecord => ({
    ...run,
    id: runId,
    status: 'completed',
    completed_at: run.created_at,
    block_runs: run.block_runs.map((blockRun, b) => ({ ...blockRun, id: (runId - 1) * BLOCKS + b + 1, status: 'completed', completed_at: run.created_at })),
  });
  const db = new DatabaseSync(join(dir, DATA_FILE));
  const put = db.prepare('INSERT OR REPLACE INTO records (tbl, key, record, checksum) VALUES (?, ?, ?, ?)');
  const counter = db.prepare('INSERT OR REPLACE INTO counters (name, last_id, checksum) VALUES (?, ?, ?)');
  db.exec('BEGIN');
  for (let runId = 1; runId <= runs; runId++) {
    const json = JSON.stringify(done(planned, runId));
    put.run(runsTable.name, runId, json, recordChecksum(runsTable.name, runId, json));
  }
  counter.run('pipeline_runs', runs, counterChecksum('pipeline_runs', runs));
  counter.run('block_runs', runs * BLOCKS, counterChecksum('block_runs', runs * BLOCKS));
  db.exec('COMMIT');
  db.close();
  return dir;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const big = await buildDataDir(RUNS);
const newDirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-new-'));
  newDirs.push(dir);
  return dir;
};
const loadedCase = `--data, ${RUNS} runs (${RUNS * BLOCKS} block runs)`;
const cases: [string, () => string[], string?][] = [
  ['node -e (no server)', () => ['-e', 'console.log("listening on http://x"); setTimeout(() => {}, 60_000)']],
  ['in memory', () => [BIN, '--port', '0']],
  ['--data, new directory', () => [BIN, '--port', '0', '--data', newDir()]],
  [loadedCase, () => [BIN, '--port', '0', '--data', big, ...SECRETS]],
];
// BENCH_BASE=<another checkout, built>: its command starts over the same data file in the same rounds (before/after).
const base = process.env.BENCH_BASE;
if (base) cases.push([`${loadedCase}, base build`, () => [BIN, '--port', '0', '--data', big, ...SECRETS], base]);
const starts = new Map<string, Start[]>(cases.map(([name]) => [name, []]));
try {
  for (let i = 0; i < STARTS; i++) {
    for (const [name, args, cwd] of cases) starts.get(name)!.push(await timeToReady(args(), /listening on/, cwd));
  }
} finally {
  for (const dir of [big, ...newDirs]) rmSync(dir, { recursive: true, force: true });
}
console.log(`Milliseconds to the "listening on" line and RSS then, median of ${STARTS} starts (noisy shared machine: CPU time is the steadier figure)\n`);
console.log('| start | wall median | wall min | CPU median | RSS (MB) |');
console.log('|---|---|---|---|---|');
for (const [name, list] of starts) {
  const wall = list.map((t) => t.wall);
  console.log(
    `| ${name} | ${median(wall).toFixed(0)} | ${Math.min(...wall).toFixed(0)} | ${median(list.map((t) => t.cpu)).toFixed(0)} | ${median(list.map((t) => t.rss)).toFixed(0)} |`,
  );
}
const [memory, loaded] = [starts.get('in memory')!, starts.get(loadedCase)!];
console.log(
  `\nRSS per stored run (with its ${BLOCKS} block runs): ${(((median(loaded.map((t) => t.rss)) - median(memory.map((t) => t.rss))) * 2 ** 20) / RUNS).toFixed(0)} bytes`,
);
