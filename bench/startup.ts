/**
 * npm run bench:startup: milliseconds from spawning the built command to its "listening on" line, in
 * memory, with a new --data directory, and with one holding 10k pipelines (recovery), beside a bare
 * `node -e` start for scale. Median of several starts each, taken in turn.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDurableStore } from '../server/storage/durable-repository.js';
import { root } from './support.js';

const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const BIN = 'server/dist/pipeline-api-server.js';

function timeToReady(args: string[], ready: RegExp): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`no ready line:\n${out}`))), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk;
      if (ready.test(out)) {
        clearTimeout(timer);
        const ms = performance.now() - started;
        child.kill('SIGTERM');
        child.once('exit', () => resolve(ms));
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
  store.repo.pipelines.put({ uuid: `p${i}`, name: `p${i}`, description: null, type: 'python', tags: [], created_at: 0, updated_at: 0, settings: {}, sections: { blocks: [], callbacks: [], conditionals: [], widgets: [], extensions: {} } } as never);
}
await store.compact();
await store.close();

const cases: [string, () => string[]][] = [
  ['node -e (no server)', () => ['-e', 'console.log("listening on http://x")']],
  ['in memory', () => [BIN, '--port', '0']],
  ['--data, new directory', () => [BIN, '--port', '0', '--data', mkdtempSync(join(tmpdir(), 'bench-startup-new-'))]],
  ['--data, 10k pipelines', () => [BIN, '--port', '0', '--data', big, '--api-key', 'k', '--owner-password', 'p', '--jwt-secret', 's']],
];
const times = new Map<string, number[]>(cases.map(([name]) => [name, []]));
for (let i = 0; i < STARTS; i++) {
  for (const [name, args] of cases) times.get(name)!.push(await timeToReady(args(), /listening on/));
}
rmSync(big, { recursive: true, force: true });
console.log(`Milliseconds to the "listening on" line, median of ${STARTS} starts (noisy shared machine)\n`);
console.log('| start | median ms | min ms |');
console.log('|---|---|---|');
for (const [name, list] of times) console.log(`| ${name} | ${median(list).toFixed(0)} | ${Math.min(...list).toFixed(0)} |`);
