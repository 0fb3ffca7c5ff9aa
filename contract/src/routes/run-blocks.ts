import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, responses } from '../envelope.js';
import { listQuery } from '../meta.js';
import { queryList } from '../primitives.js';
import { Block } from '../schemas/blocks.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const runTag = 'runs';

/** `/api/pipeline_runs/:pipeline_run_id/blocks`: the blocks a run ran (Mage's run page draws its dependency tree from them). */
export const blocksOfRun = c.router({
  list: {
    method: 'GET',
    path: '/api/pipeline_runs/:pipeline_run_id/blocks',
    query: z.extend(listQuery, { 'block_uuid[]': z.optional(queryList) }),
    responses: responses(listEnvelope('blocks', Block)),
    metadata: routeMeta({ resource: 'blocks', parent: 'pipeline_runs', action: 'list', tag: runTag }),
  },
});
