/**
 * npm run bench:startup [-- --smoke]: milliseconds from spawning the built command to its "listening on" line, and
 * its resident memory then: in memory, with a new --data directory, and with one holding 100k runs of 10 block
 * runs each (1M block runs), beside a bare `node -e` start for scale. Median of several starts each, in turn.
 *
 * Then how long each takes to stop: milliseconds from SIGTERM to the process's exit (the target: under 200 ms with
 * no connection open), for the same starts, and for the ways a stop meets more than an idle server: through
 * `npm start` (npm forwards the signal to its script's shell: the server must get it and be gone when npm exits),
 * with the scheduler busy (active triggers, runs running), after a kept-alive connection's request (the socket
 * stays open, idle), and with a connection that has sent nothing yet (as a browser's preconnect). A smoke run leaves
 * out `npm start`: its build rewrites the packages' dist while the tests beside the smoke read it.
 *
 * The big data file is written directly (one real run made through the API, copied with new ids in one SQLite
 * transaction): through the API it would take most of the run.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { connect } from 'node:net';
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
/** The busy scheduler's data: active time triggers, and runs whose block runs are still running when it starts. */
const TRIGGERS = smoke ? 2 : 20;
const RUNNING = smoke ? 20 : 200;
const BIN = 'server/dist/pipeline-api-server.js';
const SECRETS = ['--api-key', 'k', '--owner-password', 'p', '--jwt-secret', 's'];
/** The stop the issue asks for: SIGTERM to exit with no connection open. */
const STOP_TARGET_MS = 200;

interface Start {
  wall: number;
  cpu: number;
  rss: number;
  /** SIGTERM to the exit of the process signalled and of every process under it. */
  stop: number;
  /** A process under the one signalled (the server under `npm start`) was still running when that one exited. */
  outlived: boolean;
}

interface Case {
  name: string;
  /** The command, by default the project's Node with these arguments. */
  command: () => { file?: string; args: string[] };
  cwd?: string;
  /** Done once the server listens, before the SIGTERM (a connection held open); returns how to undo it. */
  beforeStop?: (url: string) => Promise<() => void>;
  /** No target for a bare `node -e`: it is the floor. */
  floor?: boolean;
}

/** The processes under `pid`, from /proc (Linux): the shell and the server under `npm start`. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const under = (p: number): number[] => (children.get(p) ?? []).flatMap((c) => [c, ...under(c)]);
  return under(pid);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The server process: the one signalled, or the Node under it running the command (`npm start`; its shell's command line names it too). */
function serverPid(pid: number): number {
  const command = (p: number) => readFileSync(`/proc/${p}/cmdline`, 'utf8');
  return [pid, ...descendants(pid)].reverse().find((p) => command(p).includes('pipeline-api-server')) ?? pid;
}

/**
 * Wall milliseconds to the ready line, the CPU milliseconds used by then (steadier on a busy machine) and the RSS
 * then; then `beforeStop`, SIGTERM, and the milliseconds until the process and everything under it are gone.
 */
function startAndStop(spec: Case, ready: RegExp): Promise<Start> {
  const { file = process.execPath, args } = spec.command();
  const started = performance.now();
  const child = spawn(file, args, { cwd: spec.cwd ?? root, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = once(child, 'exit');
  return new Promise((resolve, reject) => {
    let out = '';
    let measured = false;
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no ready line:\n${out}`))), 300_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      // Measured once: output after the ready line (the child stopping) must not read a process that is gone.
      if (measured || !ready.test(out)) return;
      measured = true;
      clearTimeout(timer);
      const wall = performance.now() - started;
      const server = serverPid(child.pid!);
      const [cpu, rss] = [cpuMs(server), rssMb(server)];
      const under = descendants(child.pid!);
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1] ?? '';
      void (async () => {
        const undo = spec.beforeStop ? await spec.beforeStop(url) : () => {};
        const signalled = performance.now();
        child.kill('SIGTERM');
        await exited;
        const outlived = under.some(alive);
        // Bounded: a server left running is reported, then killed.
        for (let i = 0; i < 1000 && under.some(alive); i++) await new Promise((r) => setTimeout(r, 10));
        const stop = performance.now() - signalled;
        for (const pid of under.filter(alive)) process.kill(pid, 'SIGKILL');
        undo();
        resolve({ wall, cpu, rss, stop, outlived });
      })().catch(reject);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => (clearTimeout(timer), ready.test(out) ? undefined : reject(new Error(`exited ${code} before ready:\n${out}`))));
  });
}

/** One request over a kept-alive connection, answered: the socket stays open, idle, in the agent's pool. */
async function keptAlive(url: string): Promise<() => void> {
  const agent = new Agent({ keepAlive: true });
  await new Promise<void>((resolve, reject) => {
    get(`${url}/api/status`, { agent }, (response) => response.resume().once('end', resolve)).once('error', reject);
  });
  return () => agent.destroy();
}

/** A connection that has sent nothing, as a browser opens ahead of its next request. */
async function preconnected(url: string): Promise<() => void> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  await once(socket, 'connect');
  return () => socket.destroy();
}

/** A new data directory and an API over it, and a POST that throws on an error answer. */
async function apiOver(dir: string) {
  const store = openSqliteStore(dir);
  const api = await createApi({ repo: store.repository, config: { requireUserAuthentication: false, bcryptRounds: 4 } });
  const headers = { 'x-api-key': api.config.apiKey };
  const post = async (path: string, body: unknown) => {
    const outcome = await api.core.dispatch({ method: 'POST', path, query: {}, headers, body });
    if (outcome.errorCode !== undefined) throw new Error(`${path}: ${JSON.stringify(outcome.body)}`);
    return outcome.body as Record<string, { id: number }>;
  };
  return { store, api, post };
}

/** A data directory with `runs` runs of BLOCKS block runs each, all completed (the scheduler has nothing to do at start). */
async function buildDataDir(runs: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const { store, api, post } = await apiOver(dir);
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

/**
 * A data directory the scheduler has work in: TRIGGERS active hourly triggers (due since the start of the year) and
 * RUNNING runs whose block runs take an hour each, running when the server starts (as many as the pipeline lets run).
 */
async function buildBusyDir(): Promise<{ dir: string; running: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-busy-'));
  const { store, api, post } = await apiOver(dir);
  await post('/api/pipelines', { pipeline: { name: 'slow' } });
  for (let b = 0; b < BLOCKS; b++) {
    const block = { name: `hour ${b}`, type: 'transformer', content: 'x = 1\n', configuration: { simulation: { duration_ms: 3_600_000 } } };
    await post('/api/pipelines/slow/blocks', { block });
  }
  for (let t = 0; t < TRIGGERS; t++) {
    const pipeline_schedule = { name: `hourly ${t}`, schedule_type: 'time', schedule_interval: '@hourly', start_time: '2026-01-01 00:00:00', status: 'active' };
    await post('/api/pipelines/slow/pipeline_schedules', { pipeline_schedule });
  }
  const trigger = (await post('/api/pipelines/slow/pipeline_schedules', { pipeline_schedule: { name: 'api', schedule_type: 'api', status: 'active' } }))
    .pipeline_schedule!;
  for (let r = 0; r < RUNNING; r++) {
    await post(`/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} });
    if (r % 50 === 49) api.tick(Date.now()); // a trigger holds at most 100 runs waiting to start
  }
  api.tick(Date.now());
  const running = runsTable
    .in(api.repo)
    .list()
    .filter((run) => run.status === 'running').length;
  store.close();
  return { dir, running };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const big = await buildDataDir(RUNS);
const busy = await buildBusyDir();
const newDirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-new-'));
  newDirs.push(dir);
  return dir;
};
const loadedCase = `--data, ${RUNS} runs (${RUNS * BLOCKS} block runs)`;
const inMemory = [BIN, '--port', '0'];
const cases: Case[] = [
  { name: 'node -e (no server)', command: () => ({ args: ['-e', 'console.log("listening on http://x"); setTimeout(() => {}, 60_000)'] }), floor: true },
  { name: 'in memory', command: () => ({ args: inMemory }) },
  { name: '--data, new directory', command: () => ({ args: [...inMemory, '--data', newDir()] }) },
  { name: loadedCase, command: () => ({ args: [...inMemory, '--data', big, ...SECRETS] }) },
  // The README's command: npm, its script's shell, then the server (the start includes the build npm start runs). Not
  // in a smoke run: its build rewrites the packages' dist, which the tests beside the smoke read at that moment.
  ...(smoke ? [] : [{ name: 'npm start (in memory)', command: () => ({ file: 'npm', args: ['start', '--silent', '--', '--port', '0'] }) }]),
  {
    name: `--data, busy scheduler (${TRIGGERS} active triggers, ${busy.running} runs running)`,
    command: () => ({ args: [...inMemory, '--data', busy.dir, ...SECRETS] }),
  },
  { name: 'in memory, after a kept-alive request (socket idle, open)', command: () => ({ args: inMemory }), beforeStop: keptAlive },
  { name: 'in memory, a connection that sent nothing (a preconnect)', command: () => ({ args: inMemory }), beforeStop: preconnected },
];
// BENCH_BASE=<another checkout, built>: its command starts over the same data file in the same rounds (before/after).
const base = process.env.BENCH_BASE;
if (base) cases.push({ name: `${loadedCase}, base build`, command: () => ({ args: [...inMemory, '--data', big, ...SECRETS] }), cwd: base });
const starts = new Map<string, Start[]>(cases.map(({ name }) => [name, []]));
try {
  for (let i = 0; i < STARTS; i++) {
    for (const spec of cases) starts.get(spec.name)!.push(await startAndStop(spec, /listening on/));
  }
} finally {
  for (const dir of [big, busy.dir, ...newDirs]) rmSync(dir, { recursive: true, force: true });
}
console.log(`Milliseconds to the "listening on" line and RSS then, median of ${STARTS} starts (noisy shared machine: CPU time is the steadier figure);`);
console.log(`then milliseconds from SIGTERM to the exit of the process and of every process under it (target: under ${STOP_TARGET_MS} ms)\n`);
console.log(`| start | wall median | wall min | CPU median | RSS (MB) | SIGTERM to exit median | max | median under ${STOP_TARGET_MS} ms |`);
console.log('|---|---|---|---|---|---|---|---|');
for (const spec of cases) {
  const list = starts.get(spec.name)!;
  const [wall, stop] = [list.map((t) => t.wall), list.map((t) => t.stop)];
  const outlived = list.filter((t) => t.outlived).length;
  // A server left running by npm misses it whatever the figures: its stop never came.
  const verdict = spec.floor ? '-' : median(stop) < STOP_TARGET_MS && outlived === 0 ? 'met' : 'MISSED';
  const note = outlived > 0 ? ` (the server outlived npm ${outlived}/${list.length} times)` : '';
  console.log(
    `| ${spec.name} | ${median(wall).toFixed(0)} | ${Math.min(...wall).toFixed(0)} | ${median(list.map((t) => t.cpu)).toFixed(0)} | ${median(list.map((t) => t.rss)).toFixed(0)} | ${median(stop).toFixed(0)} | ${Math.max(...stop).toFixed(0)} | ${verdict}${note} |`,
  );
}
const [memory, loaded] = [starts.get('in memory')!, starts.get(loadedCase)!];
console.log(
  `\nRSS per stored run (with its ${BLOCKS} block runs): ${(((median(loaded.map((t) => t.rss)) - median(memory.map((t) => t.rss))) * 2 ** 20) / RUNS).toFixed(0)} bytes`,
);
