import { expect, it } from 'vitest';
import { configFromEnv } from '../../core/src/config.js';
import { TestServer } from './harness.js';
import { schedulesTable } from '../../core/src/model/triggers.js';
import { runsTable } from '../../core/src/model/runs.js';

it('the Express server ticks the scheduler on a real timer (SCHEDULER_INTERVAL_MS) and stops it on close', async () => {
  const config = configFromEnv({ SCHEDULER_INTERVAL_MS: '20', SIMULATED_BLOCK_DURATION_MS: '30' });
  expect(config.schedulerIntervalMs).toBe(20);
  expect(config.simulatedBlockDurationMs).toBe(30);
  const { server, token } = await TestServer.startLoggedIn({ config: { schedulerIntervalMs: 20, simulatedBlockDurationMs: 30 } });
  const call = (method: string, path: string, body?: unknown) => server.call(method, path, { token, body });
  try {
    await call('POST', '/api/pipelines', { pipeline: { name: 'timed' } });
    await call('POST', '/api/pipelines/timed/blocks', { block: { name: 'one', type: 'transformer' } });
    await call('POST', '/api/pipelines/timed/blocks', { block: { name: 'two', type: 'transformer', upstream_blocks: ['one'] } });
    const trigger = (
      await call('POST', '/api/pipelines/timed/pipeline_schedules', { pipeline_schedule: { name: 't', schedule_type: 'api', status: 'active' } })
    ).body.pipeline_schedule;
    const run = (await call('POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: {} })).body.pipeline_run;
    await expect
      .poll(async () => (await call('GET', `/api/pipeline_runs/${run.id}`)).body.pipeline_run.status, { timeout: 5000, interval: 20 })
      .toBe('completed');
  } finally {
    await server.close();
  }
  // Closed: the timer no longer moves runs.
  const id = runsTable.in(server.repo).nextId();
  const trigger = schedulesTable.in(server.repo).list()[0]!;
  runsTable.in(server.repo).put({
    ...runsTable.in(server.repo).list()[0]!,
    id,
    pipeline_schedule_id: trigger.id,
    status: 'initial',
    started_at: null,
    completed_at: null,
    block_runs: [],
  });
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(runsTable.in(server.repo).get(id)!.status).toBe('initial');
});
