import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { described } from '../annotate.js';
import { listEnvelope, responses } from '../envelope.js';
import { listQuery } from '../meta.js';
import { BlockRun } from '../schemas/block-run.js';
import { resourceTag, routeMeta } from '../route-meta.js';

const c = initContract();
const blockRunTag = resourceTag({
  name: 'block-runs',
  description: 'Block runs: one per block of a run, `initial -> queued -> running -> completed | failed`, or skipped.',
});

export const blockRuns = c.router({
  list: {
    method: 'GET',
    path: '/api/block_runs',
    query: z.extend(listQuery, {
      pipeline_run_id: described(z.optional(z.coerce.number<number>().check(z.int(), z.minimum(0))), 'Only this run’s block runs'),
      pipeline_uuid: described(z.optional(z.string()), 'Only block runs of this pipeline’s runs'),
    }),
    responses: responses(listEnvelope('block_runs', BlockRun)),
    summary: 'List block runs',
    description: 'Newest run first, each run’s block runs in id order; with the trigger’s id and name.',
    metadata: routeMeta({ resource: 'block_runs', action: 'list', tag: blockRunTag }),
  },
});
