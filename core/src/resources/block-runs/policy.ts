import { definePolicy } from '../../policy.js';
import { role } from '../../auth/rules.js';

/** Mage's BlockRunPolicy: list only, viewer+. */
export const blockRunPolicy = definePolicy({
  resource: 'block_runs',
  actions: { list: role('viewer') },
  queries: { list: ['pipeline_run_id', 'pipeline_uuid', 'order_by'] },
});
