import { definePolicy } from '../../policy.js';
import { role } from '../../auth/rules.js';

/** Mage's MonitorStatPolicy: viewers read, with its five query params. */
export const monitorStatPolicy = definePolicy({
  resource: 'monitor_stats',
  actions: { detail: role('viewer') },
  queries: { detail: ['end_time', 'group_by_pipeline_type', 'pipeline_schedule_id', 'pipeline_uuid', 'start_time'] },
});
