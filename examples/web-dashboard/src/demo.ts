import type { Fixtures } from '@pipeline-api/mocks';

/**
 * The demo project the mocks start with: enough pipelines to page, one with a graph worth drawing, and one whose
 * "charge cards" block fails (simulated, see docs/runs.md) so that a run fails and can be retried once it is fixed.
 */
export const DEMO: Fixtures = {
  pipelines: [
    {
      name: 'customer orders',
      type: 'python',
      blocks: [
        { name: 'load orders', type: 'data_loader', content: 'orders = load("orders.csv")\n' },
        { name: 'load customers', type: 'data_loader', content: 'customers = load("customers.csv")\n' },
        { name: 'join', type: 'transformer', upstream_blocks: ['load_orders', 'load_customers'], content: 'df = orders.join(customers)\n' },
        { name: 'clean', type: 'transformer', upstream_blocks: ['join'], content: 'df = df.dropna()\n' },
        { name: 'export', type: 'data_exporter', upstream_blocks: ['clean'], content: 'save(df)\n' },
      ],
    },
    {
      name: 'billing',
      type: 'python',
      blocks: [
        { name: 'load invoices', type: 'data_loader', content: 'invoices = load("invoices.csv")\n' },
        { name: 'charge cards', type: 'transformer', upstream_blocks: ['load_invoices'], configuration: { simulation: { outcome: 'fail' } } },
        { name: 'send receipts', type: 'data_exporter', upstream_blocks: ['charge_cards'] },
      ],
    },
    ...['churn model', 'events stream', 'inventory', 'marketing spend', 'web sessions', 'weekly report'].map((name) => ({
      name,
      type: 'python' as const,
      blocks: [{ name: `${name} source`, type: 'data_loader' as const }],
    })),
  ],
};
