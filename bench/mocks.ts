/**
 * 1,000 mixed SDK calls against the mocks in Node, next to the same calls against the reference server
 * (its own process, as `npm start` runs it) over loopback, in one run. Two rounds each, alternating; the
 * best round of each counts. Target: the mocks no slower than the server.
 * Run: npm run bench:mocks (after npm run build).
 */
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@pipeline-api/sdk';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { spawnServer } from './support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const CALLS = 1000;

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

async function timeServer(round: string) {
  const server = await startServer();
  try {
    const client = createClient({ baseUrl: server.url, apiKey: KEY, maxRetries: 0 });
    const started = performance.now();
    const calls = await workload(client, round);
    return { calls, ms: performance.now() - started };
  } finally {
    await server.stop();
  }
}

async function timeMocks(round: string) {
  const mock = setupMockServer({ baseUrl: 'http://mocks.bench' });
  mock.listen();
  try {
    const client = createClient({ baseUrl: 'http://mocks.bench', apiKey: KEY, maxRetries: 0 });
    const started = performance.now();
    const calls = await workload(client, round);
    return { calls, ms: performance.now() - started };
  } finally {
    mock.close();
  }
}

const results = { server: [] as number[], mocks: [] as number[] };
let calls = 0;
for (const round of ['r1', 'r2']) {
  const s = await timeServer(round);
  const m = await timeMocks(round);
  results.server.push(s.ms);
  results.mocks.push(m.ms);
  calls = s.calls;
  console.log(`round ${round}: server ${s.ms.toFixed(0)} ms, mocks ${m.ms.toFixed(0)} ms (${s.calls} calls each)`);
}
const server = Math.min(...results.server);
const mocks = Math.min(...results.mocks);
console.log(`\n${calls} mixed SDK calls (best of 2)`);
console.log(`  server over loopback  ${server.toFixed(0).padStart(6)} ms  ${(calls / (server / 1000)).toFixed(0).padStart(6)} calls/s`);
console.log(`  mocks in Node         ${mocks.toFixed(0).padStart(6)} ms  ${(calls / (mocks / 1000)).toFixed(0).padStart(6)} calls/s`);
console.log(`  mocks time / server time: ${(mocks / server).toFixed(2)}x   target <= 1.00x: ${mocks <= server ? 'met' : 'MISSED'}`);
