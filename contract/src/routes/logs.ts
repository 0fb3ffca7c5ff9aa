import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { described } from '../annotate.js';
import { listEnvelope, responses } from '../envelope.js';
import { PAGE_LIMITS, pagedListQuery } from '../meta.js';
import { queryList } from '../primitives.js';
import { PipelineLogs } from '../schemas/log.js';
import { resourceTag, routeMeta } from '../route-meta.js';

const c = initContract();
const logTag = resourceTag({ name: 'logs', description: 'The simulated log lines of a pipeline’s runs and block runs.' });

/** `/api/pipelines/:pipeline_uuid/logs`: the simulated log lines of a pipeline's runs. */
export const pipelineLogs = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/logs',
    // Mage reads 20 runs by default.
    query: z.extend(pagedListQuery({ ...PAGE_LIMITS, defaultLimit: 20 }), {
      pipeline_run_id: described(z.optional(queryList), 'Only these runs'),
      'pipeline_run_id[]': described(z.optional(queryList), 'Only these runs'),
      block_uuid: described(z.optional(queryList), 'Only block runs of these blocks (prefix match, as Mage)'),
      'block_uuid[]': described(z.optional(queryList), 'Only block runs of these blocks (prefix match, as Mage)'),
    }),
    responses: responses(listEnvelope('logs', PipelineLogs)),
    summary: "A pipeline's run logs",
    description:
      'One element: a log file per run and per block run, newest run first. `_limit` caps the runs read (default 20, at most 1000), `_offset` skips runs. Lines are simulated (see docs/runs.md).',
    metadata: routeMeta({ resource: 'logs', parent: 'pipelines', action: 'list', tag: logTag }),
  },
});
