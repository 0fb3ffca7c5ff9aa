import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, responses } from '../envelope.js';
import { listQuery } from '../meta.js';
import { BlockOutput } from '../schemas/outputs.js';
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
