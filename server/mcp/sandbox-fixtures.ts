import type { Fixtures } from '@pipeline-api/core/fixtures';

/**
 * What the sandbox starts with: two pipelines with API triggers, a run of each that completed, and a nightly run that
 * failed in its `clean_orders` block (simulated to fail), so an agent has a failure to find, read and retry.
 */
export const SANDBOX_FIXTURES: Fixtures = {
  pipelines: [
    {
      name: 'daily sales',
      description: "Loads, cleans and reports the day's orders",
      tags: ['sales'],
      blocks: [
        { name: 'load orders', type: 'data_loader', content: 'select * from orders', configuration: { simulation: { duration_ms: 2000 } } },
        {
          name: 'clean orders',
          type: 'transformer',
          upstream_blocks: ['load_orders'],
          configuration: { simulation: { duration_ms: 2000, outcome: 'fail' } },
        },
        { name: 'export report', type: 'data_exporter', upstream_blocks: ['clean_orders'], configuration: { simulation: { duration_ms: 2000 } } },
      ],
    },
    {
      name: 'hourly metrics',
      tags: ['metrics'],
      blocks: [{ name: 'collect metrics', type: 'data_loader', configuration: { simulation: { duration_ms: 3000 } } }],
    },
  ],
  triggers: [
    { pipeline_uuid: 'daily_sales', name: 'nightly sales', schedule_type: 'api' },
    { pipeline_uuid: 'hourly_metrics', name: 'hourly metrics', schedule_type: 'api' },
  ],
  runs: [
    { trigger: 'hourly metrics', status: 'completed' },
    { trigger: 'nightly sales', status: 'failed' },
    { trigger: 'hourly metrics', status: 'completed' },
  ],
};
