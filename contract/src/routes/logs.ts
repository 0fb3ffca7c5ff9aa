import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, responses } from '../envelope.js';
import { PAGE_LIMITS, pagedListQuery } from '../meta.js';
import { queryList } from '../primitives.js';
import { PipelineLogs } from '../schemas/logs.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const logTag = 'logs';

/** `/api/pipelines/:pipeline_uuid/logs`: the simulated log lines of a pipeline's runs. */
export const pipelineLogs = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/logs',
    // Mage reads 20 runs by default.
    query: z.extend(pagedListQuery({ ...PAGE_LIMITS, defaultLimit: 20 }), {
      pipeline_run_id: z.optional(queryList),
      'pipeline_run_id[]': z.optional(queryList),
      block_uuid: z.optional(queryList),
      'block_uuid[]': z.optional(queryList),
      'block_run_id[]': z.optional(queryList),
    }),
    responses: responses(listEnvelope('logs', PipelineLogs)),
    metadata: routeMeta({ resource: 'logs', parent: 'pipelines', action: 'list', tag: logTag }),
  },
});
