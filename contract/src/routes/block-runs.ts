import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, responses } from '../envelope.js';
import { listQuery } from '../meta.js';
import { BlockRun } from '../schemas/block-runs.js';
import { routeMeta } from '../route-meta.js';
import { blockRunOutputs } from './outputs.js';

const c = initContract();
const blockRunTag = 'block-runs';

/** `/api/pipeline_runs/:pipeline_run_id/block_runs`: one run's block runs. */
export const blockRunsOfRun = c.router({
  list: {
    method: 'GET',
    path: '/api/pipeline_runs/:pipeline_run_id/block_runs',
    query: listQuery,
    responses: responses(listEnvelope('block_runs', BlockRun)),
    metadata: routeMeta({ resource: 'block_runs', parent: 'pipeline_runs', action: 'list', tag: blockRunTag }),
  },
});

export const blockRuns = c.router({
  list: {
    method: 'GET',
    path: '/api/block_runs',
    query: z.extend(listQuery, {
      pipeline_run_id: z.optional(z.coerce.number<number>().check(z.int(), z.minimum(0))),
      pipeline_uuid: z.optional(z.string()),
      order_by: z.optional(z.string().check(z.maxLength(100))),
    }),
    responses: responses(listEnvelope('block_runs', BlockRun)),
    metadata: routeMeta({ resource: 'block_runs', action: 'list', tag: blockRunTag }),
  },
  outputs: blockRunOutputs,
});
