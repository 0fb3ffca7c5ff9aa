import { definePolicy } from '../../policy.js';
import { role } from '../../auth/rules.js';

/** Mage's LogPolicy: list, viewer+. */
export const logPolicy = definePolicy({
  resource: 'logs',
  actions: { list: role('viewer') },
  queries: {
    list: [
      'pipeline_run_id',
      'pipeline_run_id[]',
      'block_uuid',
      'block_uuid[]',
      'start_timestamp',
      'end_timestamp',
      'pipeline_schedule_id[]',
      'block_run_id[]',
      'level[]',
      'block_type[]',
    ],
  },
});
