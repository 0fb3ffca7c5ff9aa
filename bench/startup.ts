/**
 * npm run bench:startup: milliseconds from spawning the built command to its "listening on" line, in
 * memory, with a new --data directory, and with one holding 10k pipelines (recovery), beside a bare
 * `node -e` start for scale. Median of several starts each, taken in turn.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipelinesTable } from '../core/src/resources/pipelines/table.js';
import { openDurableStore } from '../server/storage/durable-repository.js';
import { cpuMs, root } from './support.js';

const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const BIN = 'server/dist/pipeline-api-server.js';

/** Wall milliseconds to the ready line, and the CPU milliseconds the process used by then (steadier when the machine is busy). */
function timeToReady(args: string[], ready: RegExp): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no ready line:\n${out}`))), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        const wall = performance.now() - started;
        const cpu = cpuMs(child.pid!);
        child.kill('SIGTERM');
        child.once('exit', () => resolve({ wall, cpu }));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const big = mkdtempSync(join(tmpdir(), 'bench-startup-'));
const store = await openDurableStore(big);
for (let i = 0; i < 10_000; i++) {
  pipelinesTable.in(store.repo).put({
    uuid: `p${i}`,
    name: `p${i}`,
    description: null,
    type: 'python',
    tags: [],
    created_at: 0,
    updated_at: 0,
    settings: {},
    sections: { blocks: [], callbacks: [], conditionals: [], widgets: [], extensions: {} },
  } as never);
}
await store.compact();
await store.close();

const cases: [string, () => string[]][] = [
  ['node -e (no server)', () => ['-e', 'console.log("listening on http://x"); setTimeout(() => {}, 1000)']],
  ['in memory', () => [BIN, '--port', '0']],
  ['--data, new directory', () => [BIN, '--port', '0', '--data', mkdtempSync(join(tmpdir(), 'bench-startup-new-'))]],
  ['--data, 10k pipelines', () => [BIN, '--port', '0', '--data', big, '--api-key', 'k', '--owner-password', 'p', '--jwt-secret', 's']],
];
const times = new Map<string, { wall: number; cpu: number }[]>(cases.map(([name]) => [name, []]));
for (let i = 0; i < STARTS; i++) {
  for (const [name, args] of cases) times.get(name)!.push(await timeToReady(args(), /listening on/));
}
rmSync(big, { recursive: true, force: true });
console.log(`Milliseconds to the "listening on" line, median of ${STARTS} starts (noisy shared machine: CPU time is the steadier figure)\n`);
console.log('| start | wall median | wall min | CPU median |');
console.log('|---|---|---|---|');
for (const [name, list] of times) {
  const wall = list.map((t) => t.wall);
  console.log(`| ${name} | ${median(wall).toFixed(0)} | ${Math.min(...wall).toFixed(0)} | ${median(list.map((t) => t.cpu)).toFixed(0)} |`);
}
