import type { Fixtures } from '@pipeline-api/mocks';

/** The demo project the mocks start with: enough pipelines to page, one with a graph worth drawing. */
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
    ...['billing', 'churn model', 'events stream', 'inventory', 'marketing spend', 'web sessions', 'weekly report'].map((name) => ({
      name,
      type: 'python' as const,
      blocks: [{ name: `${name} source`, type: 'data_loader' as const }],
    })),
  ],
};
