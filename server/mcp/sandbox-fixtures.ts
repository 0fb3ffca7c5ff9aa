import type { Fixtures } from '@pipeline-api/core/fixtures';

/** The loader's Python, as Mage writes a data loader block. */
const LOAD_ORDERS = `import pandas as pd

if 'data_loader' not in globals():
    from mage_ai.data_preparation.decorators import data_loader


@data_loader
def load_data(*args, **kwargs):
    """The day's orders."""
    return pd.DataFrame({'order_id': [1, 2, 3], 'amount': [12.5, 8.0, None]})
`;

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
        { name: 'load orders', type: 'data_loader', content: LOAD_ORDERS, configuration: { simulation: { duration_ms: 2000 } } },
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
