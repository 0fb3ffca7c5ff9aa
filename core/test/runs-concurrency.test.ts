import { afterAll, beforeAll, expect, it } from 'vitest';
import { frozenRepository } from './frozen-repository.js';
import { TestApi } from './harness.js';
import { runViolations, watchTransitions } from './run-invariants.js';
import { defaultConfig } from '../src/config.js';
import { runsTable } from '../src/model/runs.js';

let server: TestApi;
let token: string;
let now = Date.UTC(2026, 0, 1);
const transitions = watchTransitions();
const repo = frozenRepository(transitions.hooks);
const illegal = transitions.illegal;

beforeAll(async () => {
  // 200 runs of one trigger wait at once here: more than the default cap of runs waiting per trigger.
  const runs = { ...defaultConfig.runs, maxWaitingPerTrigger: 1000 };
  ({ server, token } = await TestApi.startLoggedIn({ clock: { now: () => now }, repo: () => repo, config: { runs } }));
});
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown) => server.call(method, path, { token, body });
const advance = (ms: number) => {
  for (let t = 0; t < ms; t += 1000) {
    now += 1000;
    server.tick();
  }
};

async function pipelineWithTrigger(name: string, simulation?: Record<string, unknown>) {
  await call('POST', '/api/pipelines', { pipeline: { name } });
  await call('POST', `/api/pipelines/${name}/blocks`, { block: { name: `${name}_a`, type: 'data_loader', configuration: simulation ? { simulation } : {} } });
  await call('POST', `/api/pipelines/${name}/blocks`, { block: { name: `${name}_b`, type: 'transformer', upstream_blocks: [`${name}_a`] } });
  const reply = await call('POST', `/api/pipelines/${name}/pipeline_schedules`, { pipeline_schedule: { name, schedule_type: 'api', status: 'active' } });
  return reply.body.pipeline_schedule as { id: number; token: string };
}

it('500 concurrent cancels, retries and API trigger calls, with ticks in between, lose no acknowledged change', async () => {
  const steady = await pipelineWithTrigger('steady', { duration_ms: 60_000 });
  const broken = await pipelineWithTrigger('broken', { outcome: 'fail' });
  const make = (s: { id: number }, count: number) =>
    Promise.all(Array.from({ length: count }, () => call('POST', `/api/pipeline_schedules/${s.id}/pipeline_runs`, { pipeline_run: {} })));
  const toCancel = (await make(steady, 200)).map((r) => r.body.pipeline_run.id as number);
  const toRetry = (await make(broken, 150)).map((r) => r.body.pipeline_run.id as number);
  advance(10_000);
  for (const id of toRetry) expect(runsTable.in(repo).get(id)!.status).toBe('failed');
  // The broken block is fixed, so a retry that was acknowledged can only end completed.
  await call('PUT', '/api/pipelines/broken/blocks/broken_a', { block: { configuration: {} } });
  // A run that completed meanwhile cannot be cancelled: cancel the ones still going.
  const running = toCancel.filter((id) => runsTable.in(repo).get(id)!.status !== 'completed');
  const triggerCalls = 150;

  let ticking = true;
  const ticker = (async () => {
    while (ticking) {
      server.tick();
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const [cancels, retries, triggered] = await Promise.all([
    Promise.all(running.map((id) => call('PUT', `/api/pipeline_runs/${id}`, { pipeline_run: { status: 'cancelled' } }))),
    Promise.all(toRetry.map((id) => call('PUT', `/api/pipeline_runs/${id}`, { pipeline_run: { pipeline_run_action: 'retry_blocks' } }))),
    Promise.all(
      Array.from({ length: triggerCalls }, (_, i) =>
        server.call('POST', `/api/pipeline_schedules/${steady.id}/pipeline_runs/${steady.token}`, { apiKey: false, body: { call: i } }),
      ),
    ),
  ]);
  ticking = false;
  await ticker;
  expect(running.length + toRetry.length + triggerCalls).toBeGreaterThanOrEqual(500);

  // Every acknowledged cancel holds, even with ticks in between.
  for (const reply of cancels) {
    expect(reply.body.pipeline_run?.status, JSON.stringify(reply.body)).toBe('cancelled');
    expect(runsTable.in(repo).get(reply.body.pipeline_run.id)!.status).toBe('cancelled');
  }
  // Every acknowledged retry runs again and, the block fixed, completes.
  for (const reply of retries) expect(reply.body.pipeline_run?.status, JSON.stringify(reply.body)).toBe('running');
  // Every acknowledged API trigger call is a stored run with its event variables; none twice.
  const ids = triggered.map((reply) => reply.body.pipeline_run.id as number);
  expect(new Set(ids).size).toBe(triggerCalls);
  for (const [i, id] of ids.entries()) expect(runsTable.in(repo).get(id)!.event_variables).toEqual({ call: i });

  advance(80_000);
  for (const id of toRetry) expect(runsTable.in(repo).get(id)!.status).toBe('completed');
  for (const id of running) expect(runsTable.in(repo).get(id)!.status).toBe('cancelled');
  for (const id of ids) expect(runsTable.in(repo).get(id)!.status).toBe('completed');
  expect(illegal).toEqual([]);
  expect(runViolations(repo)).toEqual([]);
}, 60_000);
