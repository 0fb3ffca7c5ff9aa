/**
 * One client's burst against the reference server as `npm start` runs it (its connection guard at its defaults):
 * what a test process or a webhook sender behind one NAT address sends at once.
 *
 * - 1,000 concurrent `GET /api/pipelines` from Node's fetch (undici: one connection per request in flight, no limit);
 * - 200 concurrent calls to one API trigger's URL, whose `pipeline_run_limit` is 2, then the runs sampled while
 *   they drain: a new run or the documented 429 per call, never more than 2 running at once;
 * - with only 64 slots (`MAX_CONNECTIONS=64`): the same 1,000 with the default waiting room (4), and with room for
 *   all of them to wait; then 500 half-open sockets from 127.0.0.1 while a second client (127.0.0.2) asks for
 *   `/api/status` 20 times, each on a new connection: its latency against the 10 s header timeout.
 *
 * Prints, per burst: answers by status, transport errors (fetch threw, or a reset) by cause, wall time and latency.
 *
 *   npm run bench:connection-burst        (-- --smoke: 50 requests, 20 trigger calls, 30 half-open sockets on 8 slots; no tight bursts)
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { sized } from './smoke.js';
import { KEY, startReference } from './support.js';

const REQUESTS = sized(1000, 50);
const TRIGGER_CALLS = sized(200, 20);
const RUN_LIMIT = 2;
/** Samples of the trigger's runs while they drain: at most this many, 100 ms apart. */
const RUN_SAMPLES = sized(60, 10);
const TIGHT_SLOTS = sized(64, 8);
const HALF_OPEN = sized(500, 30);
const PROBES = sized(20, 3);

interface Outcome {
  answer?: string;
  transportError?: string;
  ms: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** The cause a failed fetch names (`ECONNRESET`, `UND_ERR_SOCKET`, ...), or its message. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
}

/** Fires every call at once and waits for all of them: an answer (HTTP status, error type) or the transport error. */
async function burst(count: number, call: (i: number) => Promise<Response>, describe: (status: number, body: unknown) => string): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i): Promise<Outcome> => {
      const started = performance.now();
      try {
        const reply = await call(i);
        const body: unknown = await reply.json();
        return { answer: describe(reply.status, body), ms: performance.now() - started };
      } catch (error) {
        return { transportError: causeOf(error), ms: performance.now() - started };
      }
    }),
  );
}

function report(title: string, outcomes: Outcome[], wallMs: number) {
  const tally = (values: (string | undefined)[]) => {
    const counts = new Map<string, number>();
    for (const v of values) if (v !== undefined) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].map(([k, n]) => `${n} ${k}`).join(', ') || 'none';
  };
  const errors = outcomes.filter((o) => o.transportError !== undefined).length;
  const times = outcomes.map((o) => o.ms);
  console.log(`\n${title}`);
  console.log(`  answered:         ${outcomes.length - errors} of ${outcomes.length} (${tally(outcomes.map((o) => o.answer))})`);
  console.log(`  transport errors: ${errors} (${tally(outcomes.map((o) => o.transportError))})`);
  console.log(`  wall ${wallMs.toFixed(0)} ms, latency p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`);
  return errors;
}

async function json(url: string, init: RequestInit = {}) {
  const reply = await fetch(url, { ...init, headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json', ...init.headers } });
  return (await reply.json()) as Record<string, unknown> & { error?: unknown };
}

const server = await startReference({ REQUIRE_USER_AUTHENTICATION: '0', SCHEDULER_INTERVAL_MS: '100', SIMULATED_BLOCK_DURATION_MS: '200' });
let failures = 0;
try {
  console.log(`Node ${process.version}; server ${server.url} at its default connection limits`);

  let started = performance.now();
  const reads = await burst(
    REQUESTS,
    () => fetch(`${server.url}/api/pipelines`, { headers: { 'X-API-KEY': KEY } }),
    (status, body) => `HTTP ${status}${(body as { error?: { type: string } }).error ? ` ${(body as { error: { type: string } }).error.type}` : ''}`,
  );
  failures += report(`${REQUESTS} concurrent GET /api/pipelines from one fetch client`, reads, performance.now() - started);

  await json(`${server.url}/api/pipelines`, { method: 'POST', body: JSON.stringify({ pipeline: { name: 'burst', type: 'python' } }) });
  await json(`${server.url}/api/pipelines/burst/blocks`, { method: 'POST', body: JSON.stringify({ block: { name: 'load', type: 'data_loader' } }) });
  const created = await json(`${server.url}/api/pipelines/burst/pipeline_schedules`, {
    method: 'POST',
    body: JSON.stringify({ pipeline_schedule: { name: 'hook', schedule_type: 'api', status: 'active', settings: { pipeline_run_limit: RUN_LIMIT } } }),
  });
  const trigger = created.pipeline_schedule as { id: number; token: string } | undefined;
  if (!trigger) throw new Error(`the trigger was not created: ${JSON.stringify(created)}`);

  started = performance.now();
  const calls = await burst(
    TRIGGER_CALLS,
    (i) =>
      fetch(`${server.url}/api/pipeline_schedules/${trigger.id}/pipeline_runs/${trigger.token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pipeline_run: { variables: { call: i } } }),
      }),
    (status, body) => {
      const b = body as { pipeline_run?: unknown; error?: { code: number; type: string } };
      return b.pipeline_run ? 'new run' : b.error ? `${b.error.code} ${b.error.type}` : `HTTP ${status} (no run, no error)`;
    },
  );
  failures += report(`${TRIGGER_CALLS} concurrent API-trigger calls from one address (pipeline_run_limit ${RUN_LIMIT})`, calls, performance.now() - started);

  // The runs drain RUN_LIMIT at a time: sample how many run at once (bounded: RUN_SAMPLES samples).
  let mostRunning = 0;
  let left = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUN_SAMPLES && left > 0; i++) {
    const list = await json(`${server.url}/api/pipeline_schedules/${trigger.id}/pipeline_runs?_limit=1000`);
    const runs = (list.pipeline_runs ?? []) as { status: string }[];
    mostRunning = Math.max(mostRunning, runs.filter((r) => r.status === 'running').length);
    left = runs.filter((r) => r.status === 'initial' || r.status === 'running').length;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`  runs at once, most seen in ${RUN_SAMPLES} samples 100 ms apart: ${mostRunning} (pipeline_run_limit ${RUN_LIMIT})`);
  if (mostRunning > RUN_LIMIT) {
    console.log(`  FAILED: more runs at once than pipeline_run_limit`);
    failures++;
  }
} finally {
  await server.stop();
}
/** One GET from 127.0.0.2 on a new connection: its time, or the error that ended it. */
function probe(url: URL): Promise<{ ms: number; status?: number; error?: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path: '/api/status', localAddress: '127.0.0.2', agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve({ ms: performance.now() - started, status: res.statusCode }));
    });
    req.once('error', (error: NodeJS.ErrnoException) => resolve({ ms: performance.now() - started, error: error.code ?? error.message }));
    req.end();
  });
}

const tightConfigurations = (
  [
    [`${TIGHT_SLOTS} slots, default waiting room`, { MAX_CONNECTIONS: String(TIGHT_SLOTS) }],
    [`${TIGHT_SLOTS} slots, room for ${REQUESTS} to wait`, { MAX_CONNECTIONS: String(TIGHT_SLOTS), MAX_WAITING_CONNECTIONS: String(REQUESTS) }],
    // A smoke run starts two servers fewer (each start is seconds on a busy machine): the half-open flood below takes
    // the guard's paths with few slots, waiting and the 503.
  ] satisfies [string, Record<string, string>][]
).slice(0, sized(2, 0));
for (const [name, env] of tightConfigurations) {
  const tight = await startReference({ REQUIRE_USER_AUTHENTICATION: '0', ...env });
  try {
    const started = performance.now();
    const reads = await burst(
      REQUESTS,
      () => fetch(`${tight.url}/api/pipelines`, { headers: { 'X-API-KEY': KEY } }),
      (status) => `HTTP ${status}`,
    );
    failures += report(`${REQUESTS} concurrent GET /api/pipelines from one fetch client, ${name}`, reads, performance.now() - started);
  } finally {
    await tight.stop();
  }
}

const flooded = await startReference({ MAX_CONNECTIONS: String(TIGHT_SLOTS) });
const flood: Socket[] = [];
try {
  const url = new URL(flooded.url);
  const heard = { busy: 0, other: 0, silent: 0, resets: 0 };
  for (let i = 0; i < HALF_OPEN; i++) {
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.once('close', () => (text.startsWith('HTTP/1.1 503 ') ? heard.busy++ : text === '' ? heard.silent++ : heard.other++));
    socket.on('error', () => heard.resets++);
    await new Promise((resolve) => socket.once('connect', resolve));
    flood.push(socket);
  }
  const probes = [];
  for (let i = 0; i < PROBES; i++) probes.push(await probe(url));
  const times = probes.map((p) => p.ms);
  const failed = probes.filter((p) => p.status !== 200);
  console.log(`\n${HALF_OPEN} half-open sockets from 127.0.0.1 (${TIGHT_SLOTS} slots), then ${PROBES} requests from 127.0.0.2, one connection each`);
  console.log(
    `  second client: ${PROBES - failed.length} of ${PROBES} answered 200; latency p50 ${percentile(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (header timeout 10000 ms)`,
  );
  console.log(
    `  flood sockets: ${heard.busy} answered 503 and closed, ${heard.silent} closed unanswered, ${heard.other} other answers, ${heard.resets} reset, the rest open until the end`,
  );
  if (failed.length > 0) {
    console.log(`  FAILED: ${failed.map((p) => p.error ?? `HTTP ${p.status}`).join(', ')}`);
    failures++;
  }
  failures += heard.resets;
} finally {
  for (const socket of flood) socket.destroy();
  await flooded.stop();
}

if (failures > 0) {
  console.log(`\n${failures} failed: transport errors, or runs past the limit`);
  process.exitCode = 1;
}
