import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { memberEnvelope, responses } from '../envelope.js';
import { memberQuery } from '../meta.js';
import { routeMeta } from '../route-meta.js';
import { MonitorStat } from '../schemas/monitor-stats.js';

const c = initContract();

/** `/api/monitor_stats/:type`: run and block-run counts and mean times by day (Mage's MonitorStatResource). */
export const monitorStats = c.router({
  detail: {
    method: 'GET',
    path: '/api/monitor_stats/:type',
    query: z.extend(memberQuery, {
      pipeline_uuid: z.optional(z.string()),
      pipeline_schedule_id: z.optional(z.string()),
      start_time: z.optional(z.string()),
      end_time: z.optional(z.string()),
      group_by_pipeline_type: z.optional(z.string()),
    }),
    responses: responses(memberEnvelope('monitor_stat', MonitorStat)),
    metadata: routeMeta({ resource: 'monitor_stats', action: 'detail', tag: 'monitor-stats' }),
  },
});
