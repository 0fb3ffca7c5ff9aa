import type { Fixtures } from '../src/fixtures/seed.js';

/**
 * Runs in each state a UI test wants (a failed run with its block runs and logs, a running one, a cancelled one),
 * seeded by the mocks' `seed()` and the server's `--fixtures` alike (their tests share it).
 */
export const SCENARIO_FIXTURES = {
  pipelines: [
    {
      name: 'etl',
      blocks: [
        { name: 'load', type: 'data_loader', configuration: { simulation: { duration_ms: 3000 } } },
        { name: 'clean', type: 'transformer', upstream_blocks: ['load'], configuration: { simulation: { outcome: 'fail' } } },
        { name: 'export', type: 'data_exporter', upstream_blocks: ['clean'] },
      ],
    },
    { name: 'report', blocks: [{ name: 'only', type: 'data_loader', configuration: { simulation: { duration_ms: 60_000 } } }] },
  ],
  triggers: [
    { pipeline_uuid: 'etl', name: 'nightly', schedule_type: 'api' },
    { pipeline_uuid: 'report', name: 'hourly', schedule_type: 'api' },
  ],
  runs: [
    { trigger: 'nightly', status: 'failed' },
    { trigger: 'hourly', status: 'running' },
    { trigger: 'hourly', status: 'cancelled' },
  ],
} satisfies Fixtures;
