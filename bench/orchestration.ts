/**
 * npm run bench:orchestration [-- --smoke]: the run store and the scheduler at scale, figures side by side in one run.
 * - 100k runs with 10 block runs each stored; a page of runs by pipeline_uuid and status (_limit=40) at 100k
 *   runs beside the same at 1k (the target: within 2x);
 * - µs per scheduler tick with 10 and with 1,000 runs in progress, 100k runs stored (the target: a tick costs
 *   O(runs in progress), not O(runs stored));
 * - µs per tick with 10k active cron triggers (none due) beside 10, then with 1,000 runs in progress too, and what
 *   visiting every active trigger per tick (the scheduler before its due-time index) costs at 10k (the target: a
 *   tick costs O(due triggers + runs in progress));
 * - GET /api/status p99 over HTTP while the scheduler ticks every 100 ms, with the 10k triggers and 1,000 runs
 *   beside a server with 10 triggers.
 * --smoke: tiny sizes, seconds; exits non-zero when a check fails.
 */
import autocannon from 'autocannon';
import { createApi, type Api } from '../core/src/api.js';
import { defaultConfig } from '../core/src/config.js';
import { currentExecutionDate } from '../core/src/model/interval.js';
import { listen } from '../server/http/listen.js';
import { createRun } from '../core/src/orchestration/commands.js';
import { endRun, startRun } from '../core/src/orchestration/engine.js';
import { plannedBlockRuns } from '../core/src/orchestration/simulation.js';
import { schedulesTable } from '../core/src/model/triggers.js';
import { runsTable } from '../core/src/model/runs.js';
import { pipelinesTable } from '../core/src/model/pipelines.js';
import { blocksTable } from '../core/src/model/blocks.js';
import { SMOKE, loadFor } from './smoke.js';

const STORED = SMOKE ? 2000 : Number(process.env.BENCH_RUNS ?? 100_000);
const CRON_TRIGGERS = SMOKE ? 200 : 10_000;
const IN_PROGRESS = SMOKE ? 50 : 1000;
/** The scheduler's notes (refused units): counted, never fatal. */
const notes: string[] = [];
/** Retention off and room for many waiting runs: the bench stores runs at scale on purpose. */
const RUN_LIMITS = { ...defaultConfig.runs, maxFinishedPerTrigger: 0, maxVariablesBytesPerTrigger: 0, maxWaitingPerTrigger: 1_000_000 };
const PIPELINES = 10;
const ENDINGS = ['completed', 'failed', 'cancelled'] as const;

/** An API in process on the bench's clock (the scheduler ticks every 100 ms once served), and a POST that must succeed. */
async function benchApi(clock: { ms: number }) {
  const api = await createApi({
    config: { requireUserAuthentication: false, bcryptRounds: 4, runs: RUN_LIMITS, schedulerIntervalMs: 100 },
    clock: { now: () => clock.ms },
    schedulerLog: (line) => notes.push(line),
  });
  const headers = { 'x-api-key': api.config.apiKey };
  const post = async (path: string, body: unknown) => {
    const outcome = await api.core.dispatch({ method: 'POST', path, query: {}, headers, body });
    if (outcome.errorCode !== undefined) throw new Error(`${path}: ${JSON.stringify(outcome.body)}`);
    return outcome.body;
  };
  return { api, post };
}

async function store(runs: number, clock: { ms: number }): Promise<Api> {
  const { api, post } = await benchApi(clock);
  const { repo } = api;
  for (let p = 0; p < PIPELINES; p++) {
    await post('/api/pipelines', { pipeline: { name: `p${p}` } });
    for (let b = 0; b < 10; b++) {
      await post(`/api/pipelines/p${p}/blocks`, {
        block: {
          name: `p${p} b${b}`,
          type: 'transformer',
          upstream_blocks: b ? [`p${p}_b${b - 1}`] : [],
          configuration: { simulation: { duration_ms: 3_600_000 } },
        },
      });
    }
    await post(`/api/pipelines/p${p}/pipeline_schedules`, { pipeline_schedule: { name: `t${p}`, schedule_type: 'api', status: 'active' } });
  }
  const schedules = schedulesTable.in(repo).list();
  const planned = schedules.map((s) => {
    const pipeline = pipelinesTable.in(repo).get(s.pipeline_uuid)!;
    return { s, pipeline, blocks: blocksTable.in(repo).getMany(pipeline.sections.blocks.map((m) => m.uuid)) };
  });
  for (let i = 0; i < runs; i++) {
    const { s, pipeline, blocks } = planned[i % PIPELINES]!;
    clock.ms += 10;
    const run = createRun(api, s, clock.ms, { executionDate: clock.ms });
    const started = startRun(
      run,
      plannedBlockRuns(pipeline, blocks, runsTable.in(repo).nextBlockRunId, clock.ms, { blockDurationMs: 1000 }),
      clock.ms,
      s.settings,
    );
    runsTable.in(repo).put(endRun(started, ENDINGS[Math.floor(i / PIPELINES) % 3]!, clock.ms + 5));
  }
  return api;
}

/** Median µs of `fn` over `rounds` rounds of `per` calls. */
async function median(rounds: number, per: number, fn: () => unknown): Promise<number> {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let i = 0; i < per; i++) await fn();
    samples.push(((performance.now() - start) * 1000) / per);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const clockSmall = { ms: Date.UTC(2026, 0, 1) };
const clockLarge = { ms: Date.UTC(2026, 0, 1) };
const small = await store(Math.min(1000, STORED), clockSmall);
const built = performance.now();
const large = await store(STORED, clockLarge);
const blockRuns = runsTable.in(large.repo).index.blockRunsTotal;
console.log(
  `orchestration: stored ${runsTable.in(large.repo).size()} runs with ${blockRuns} block runs in ${((performance.now() - built) / 1000).toFixed(1)} s`,
);

const list = (api: Api) => () =>
  api.core.dispatch({
    method: 'GET',
    path: '/api/pipeline_runs',
    query: { pipeline_uuid: 'p3', status: 'failed', _limit: '40' },
    headers: { 'x-api-key': api.config.apiKey },
    body: undefined,
  });
const check = (await list(large)()).body as { pipeline_runs: unknown[]; metadata: { count: number } };
if (check.pipeline_runs.length !== 40) throw new Error('the list bench reads a full page');
let smallUs = 0;
let largeUs = 0;
// Interleaved rounds: a noisy moment on the shared machine hits both sizes alike.
for (let round = 0; round < 5; round++) {
  smallUs += await median(3, 50, list(small));
  largeUs += await median(3, 50, list(large));
}
console.log(
  `run list, pipeline_uuid + status, _limit=40 (${check.metadata.count} matches of ${STORED}): ${(smallUs / 5).toFixed(0)} µs at 1k runs, ${(largeUs / 5).toFixed(0)} µs at ${STORED / 1000}k runs: ${(largeUs / smallUs).toFixed(2)}x`,
);

/** Puts `count` runs in progress (their first block runs for an hour), then times ticks. */
function inProgress(api: Api, clock: { ms: number }, count: number) {
  const schedule = schedulesTable.in(api.repo).list()[0]!;
  for (let i = 0; i < count; i++) createRun(api, schedule, clock.ms, { executionDate: clock.ms });
  clock.ms += 1000;
  api.tick(clock.ms); // start them
  clock.ms += 1000;
  api.tick(clock.ms); // their first blocks run
}
const tickUs = async (api: Api, clock: { ms: number }) =>
  median(7, 50, () => {
    clock.ms += 1;
    api.tick(clock.ms);
  });

inProgress(small, clockSmall, 10);
inProgress(large, clockLarge, 10);
const ten1k = await tickUs(small, clockSmall);
const ten100k = await tickUs(large, clockLarge);
inProgress(large, clockLarge, 90);
const hundred100k = await tickUs(large, clockLarge);
inProgress(large, clockLarge, 900);
const thousand100k = await tickUs(large, clockLarge);
console.log(
  `scheduler tick (no run due to change): ${ten1k.toFixed(1)} µs with 10 runs in progress and 1k stored; with ${STORED / 1000}k stored: ${ten100k.toFixed(1)} µs for 10 in progress, ${hundred100k.toFixed(1)} µs for 100, ${thousand100k.toFixed(1)} µs for 1,000 (${(thousand100k / 1000).toFixed(2)} µs per run in progress)`,
);

/** An API with `count` active daily cron triggers (none due: they fire at 06:00, the clock says 10:30). */
async function withCronTriggers(count: number, clock: { ms: number }): Promise<Api> {
  const { api, post } = await benchApi(clock);
  await post('/api/pipelines', { pipeline: { name: 'cron' } });
  await post('/api/pipelines/cron/blocks', { block: { name: 'cron_a', type: 'transformer', configuration: { simulation: { duration_ms: 3_600_000 } } } });
  for (let i = 0; i < count; i++) {
    await post('/api/pipelines/cron/pipeline_schedules', {
      pipeline_schedule: { name: `c${i}`, schedule_type: 'time', status: 'active', schedule_interval: `${i % 60} 6 * * *` },
    });
  }
  await post('/api/pipelines/cron/pipeline_schedules', { pipeline_schedule: { name: 'api', schedule_type: 'api', status: 'active' } });
  return api;
}

const clockFew = { ms: Date.UTC(2026, 0, 1, 10, 30) };
const clockMany = { ms: Date.UTC(2026, 0, 1, 10, 30) };
const few = await withCronTriggers(10, clockFew);
const many = await withCronTriggers(CRON_TRIGGERS, clockMany);
let fewUs = 0;
let manyUs = 0;
for (let round = 0; round < 5; round++) {
  fewUs += await tickUs(few, clockFew);
  manyUs += await tickUs(many, clockMany);
}
// What a tick cost when it visited every active time trigger: the interval start of each, as the scheduler asked croner.
const active = schedulesTable
  .in(many.repo)
  .list()
  .filter((s) => s.schedule_type === 'time');
const visitAllUs = await median(3, 1, () => {
  for (const s of active) currentExecutionDate(s.schedule_interval, clockMany.ms);
});
console.log(
  `scheduler tick, active cron triggers none due: ${(fewUs / 5).toFixed(1)} µs with 10, ${(manyUs / 5).toFixed(1)} µs with ${CRON_TRIGGERS.toLocaleString('en')} (${(manyUs / fewUs).toFixed(2)}x); visiting every active trigger instead (the scheduler before the due-time index): ${(visitAllUs / 1000).toFixed(1)} ms per tick`,
);
inProgress(many, clockMany, IN_PROGRESS);
if (runsTable.in(many.repo).index.inProgress.size !== IN_PROGRESS) throw new Error('the runs in progress were not all stored');
const busyUs = await tickUs(many, clockMany);
console.log(
  `scheduler tick with ${CRON_TRIGGERS.toLocaleString('en')} cron triggers and ${IN_PROGRESS.toLocaleString('en')} runs in progress: ${busyUs.toFixed(1)} µs`,
);

/** GET /api/status over HTTP for a while, the scheduler ticking every 100 ms in the same process. */
async function statusWhileTicking(api: Api, alsoPerTick = () => {}): Promise<{ p50: number; p99: number; rps: number; ticks: number }> {
  let ticks = 0;
  const tick = api.tick.bind(api);
  api.tick = (now) => {
    ticks++;
    tick(now);
    alsoPerTick();
  };
  const running = await listen({ api, port: 0 });
  try {
    // A smoke run still loads across a few 100 ms ticks: the check below needs the scheduler to tick while serving.
    const result = await autocannon({ url: `${running.url}/api/status`, connections: 4, ...loadFor(5, 0.5) });
    return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, ticks };
  } finally {
    await running.close();
    api.tick = tick;
  }
}
const quiet = await statusWhileTicking(few);
const busy = await statusWhileTicking(many);
// The same server, each tick also visiting every active trigger as the scheduler did before the due-time index.
const visiting = await statusWhileTicking(many, () => {
  for (const s of active) currentExecutionDate(s.schedule_interval, clockMany.ms);
});
console.log(
  `GET /api/status while ticking every 100 ms: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms with 10 triggers (${quiet.ticks} ticks); p50 ${busy.p50} ms, p99 ${busy.p99} ms with ${CRON_TRIGGERS.toLocaleString('en')} cron triggers and ${IN_PROGRESS.toLocaleString('en')} runs in progress (${busy.ticks} ticks); p50 ${visiting.p50} ms, p99 ${visiting.p99} ms when each tick visits every trigger (before the due-time index; ${visiting.ticks} ticks)`,
);
console.log(`scheduler notes (refused units, never fatal): ${notes.length}${notes.length ? `; first: ${notes[0]}` : ''}`);
if (quiet.ticks === 0 || busy.ticks === 0) throw new Error('the scheduler did not tick while serving');
