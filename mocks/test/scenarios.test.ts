import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '@pipeline-api/sdk';
import { createInProcessMock } from '../src/in-process-entry.js';
import { SCENARIO_FIXTURES as FIXTURES } from '../../core/test/scenario-fixtures.js';

const BASE = 'http://scenarios.test';
const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

describe('seed() creates runs in a given state, the test never touching the clock', () => {
  const mock = createInProcessMock({ baseUrl: BASE });
  afterEach(() => mock.reset());

  it('a failed run with its block runs and logs, a running run, a cancelled run', async () => {
    const { runs } = await mock.seed(FIXTURES);
    expect(runs.map((r) => r.status)).toEqual(['failed', 'running', 'cancelled']);

    const client = createClient({ baseUrl: BASE, apiKey: KEY, fetch: mock.fetch });
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const failed = await client.pipelineRuns.detail(runs[0]!.id);
    expect(failed.block_runs?.map((b) => [b.block_uuid, b.status])).toEqual([
      ['load', 'completed'],
      ['clean', 'failed'],
      ['export', 'upstream_failed'],
    ]);
    const logs = await client.pipelines.logs.list('etl');
    expect(JSON.stringify(logs)).toContain('clean');
    expect((await client.pipelineRuns.detail(runs[1]!.id)).status).toBe('running');
    expect((await client.pipelineRuns.detail(runs[2]!.id)).status).toBe('cancelled');
  });

  it('is repeatable: the same fixtures after a reset give the same runs', async () => {
    const first = await mock.seed(FIXTURES);
    await mock.reset();
    expect(await mock.seed(FIXTURES)).toEqual(first);
  });

  it('says what is missing when a state cannot be reached, or a trigger is unknown', async () => {
    const succeeding = { ...FIXTURES, runs: [{ trigger: 'hourly', status: 'failed' as const }] };
    await expect(mock.seed(succeeding)).rejects.toThrow(
      /seed runs\[0\] \(trigger "hourly", failed\): the run ended completed: give one of its blocks configuration.simulation.outcome "fail"/,
    );
    await mock.reset();
    await expect(mock.seed({ ...FIXTURES, runs: [{ trigger: 'weekly', status: 'running' }] })).rejects.toThrow(
      /no trigger of that name in these fixtures \("nightly", "hourly"\)/,
    );
    await mock.reset();
    // @ts-expect-error: a run's state is one of four
    await expect(mock.seed({ ...FIXTURES, runs: [{ trigger: 'nightly', status: 'paused' }] })).rejects.toThrow(/status/);
  });
});
