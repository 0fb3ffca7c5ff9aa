/**
 * npm run bench:orchestration: the run store at scale, in-process (no HTTP), figures side by side in one run.
 * - 100k runs with 10 block runs each stored; a page of runs by pipeline_uuid and status (_limit=40) at 100k
 *   runs beside the same at 1k (the target: within 2x);
 * - µs per scheduler tick with 10 and with 1,000 runs in progress, 100k runs stored (the target: a tick costs
 *   O(runs in progress), not O(runs stored)).
 */
import { createApi, type Api } from '../core/src/api.js';
import { createRun } from '../core/src/orchestration/commands.js';
import { endRun, startRun } from '../core/src/orchestration/engine.js';
import { plannedBlockRuns } from '../core/src/orchestration/simulation.js';
import { schedulesTable } from '../core/src/orchestration/triggers-table.js';
import { runsTable } from '../core/src/orchestration/runs-table.js';
import { pipelinesTable } from '../core/src/resources/pipelines/table.js';
import { blocksTable } from '../core/src/resources/blocks/table.js';

const STORED = Number(process.env.BENCH_RUNS ?? 100_000);
const PIPELINES = 10;
const ENDINGS = ['completed', 'failed', 'cancelled'] as const;

async function store(runs: number, clock: { ms: number }): Promise<Api> {
  const api = await createApi({ config: { requireUserAuthentication: false, bcryptRounds: 4 }, clock: { now: () => clock.ms } });
  const headers = { 'x-api-key': api.config.apiKey };
  const post = async (path: string, body: unknown) => {
    const outcome = await api.core.dispatch({ method: 'POST', path, query: {}, headers, body });
    if (outcome.errorCode !== undefined) throw new Error(`${path}: ${JSON.stringify(outcome.body)}`);
    return outcome.body;
  };
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
const small = await store(1000, clockSmall);
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
