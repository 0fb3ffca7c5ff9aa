import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '@pipeline-api/sdk';
import { createInProcessMock, type Fixtures } from '../src/in-process-entry.js';

const BASE = 'http://backfill-scenarios.test';
const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

const pipelines: Fixtures['pipelines'] = [
  { name: 'etl', blocks: [{ name: 'load', type: 'data_loader', configuration: { simulation: { duration_ms: 2000 } } }] },
  { name: 'slow', blocks: [{ name: 'load slowly', type: 'data_loader', configuration: { simulation: { duration_ms: 3_600_000 } } }] },
  { name: 'broken', blocks: [{ name: 'load broken', type: 'data_loader', configuration: { simulation: { outcome: 'fail' } } }] },
];

describe('seed() creates backfills in any state, with their runs, the test never touching the clock', () => {
  const mock = createInProcessMock({ baseUrl: BASE });
  afterEach(() => mock.reset());

  it('draft, initial, running, completed, failed and cancelled', async () => {
    const { backfills } = await mock.seed({
      pipelines,
      backfills: [
        { pipeline_uuid: 'etl', name: 'draft', status: 'draft' },
        { pipeline_uuid: 'slow', name: 'going', status: 'running', settings: { pipeline_run_limit: 1 } },
        { pipeline_uuid: 'etl', name: 'done', status: 'completed', start_datetime: '2026-05-01', end_datetime: '2026-05-04' },
        { pipeline_uuid: 'broken', name: 'failing', status: 'failed' },
        { pipeline_uuid: 'etl', name: 'stopped', status: 'cancelled' },
        { pipeline_uuid: 'slow', name: 'queued', status: 'initial' },
      ],
    });
    expect(backfills.map((b) => b.status)).toEqual([null, 'running', 'completed', 'failed', 'cancelled', 'initial']);
    expect(backfills[1]!.run_status_counts).toEqual({ running: 1, initial: 2 });
    expect(backfills[2]).toMatchObject({ total_run_count: 4, run_status_counts: { completed: 4 }, start_datetime: '2026-05-01 00:00:00' });
    expect(backfills[3]!.run_status_counts).toEqual({ failed: 3 });
    expect(backfills[5]!.run_status_counts).toEqual({ initial: 3 });

    const client = createClient({ baseUrl: BASE, apiKey: KEY, fetch: mock.fetch });
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const runs = await client.pipelineRuns.list({ backfill_id: String(backfills[2]!.id) });
    expect(runs.map((r) => r.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(await client.pipelineRuns.list({ backfill_id: String(backfills[0]!.id) })).toEqual([]);
    // The mock clock moves a second a request: one held by hour-long blocks stays running.
    expect((await client.backfills.detail(backfills[1]!.id)).status).toBe('running');
  });

  it('says what is missing when a state cannot be reached', async () => {
    await expect(mock.seed({ pipelines, backfills: [{ pipeline_uuid: 'etl', name: 'x', status: 'failed' }] })).rejects.toThrow(
      /seed backfills\[0\] \("x", failed\): it ended completed: give one of its blocks configuration.simulation.outcome "fail"/,
    );
  });
});
