import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, responses } from '../envelope.js';
import { listQuery } from '../meta.js';
import { BlockOutput } from '../schemas/block-output.js';
import { BlockRun } from '../schemas/block-run.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const blockRunTag = 'block-runs';

/** `/api/block_runs/:block_run_id/outputs`: what a completed block run produced (Mage's OutputResource). */
export const blockRunOutputs = c.router({
  list: {
    method: 'GET',
    path: '/api/block_runs/:block_run_id/outputs',
    query: z.extend(listQuery, {
      sample_count: z.optional(z.coerce.number<number>().check(z.int(), z.minimum(1))),
    }),
    responses: responses(listEnvelope('outputs', BlockOutput)),
    metadata: routeMeta({ resource: 'outputs', action: 'list', tag: blockRunTag }),
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
