import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { numericId, queryList } from '../primitives.js';
import { BlockRun } from '../schemas/block-run.js';
import { PipelineRun, PipelineRunUpdate } from '../schemas/pipeline-run.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const runTag = 'runs';
const blockRunTag = 'block-runs';
const RunEnvelope = memberEnvelope('pipeline_run', PipelineRun);

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

/** `/api/pipeline_runs[/:id]`. */
export const pipelineRuns = c.router({
  list: {
    method: 'GET',
    path: '/api/pipeline_runs',
    query: z.extend(listQuery, {
      pipeline_uuid: z.optional(z.string()),
      'pipeline_uuid[]': z.optional(queryList),
      status: z.optional(queryList),
      'status[]': z.optional(queryList),
      disable_retries_grouping: z.optional(z.string()),
      backfill_id: z.optional(numericId),
    }),
    responses: responses(listEnvelope('pipeline_runs', PipelineRun)),
    metadata: routeMeta({ resource: 'pipeline_runs', action: 'list', tag: runTag }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipeline_runs/:id',
    query: memberQuery,
    responses: responses(RunEnvelope),
    metadata: routeMeta({ resource: 'pipeline_runs', action: 'detail', tag: runTag }),
  },
  update: {
    method: 'PUT',
    path: '/api/pipeline_runs/:id',
    query: memberQuery,
    body: z.object({ pipeline_run: PipelineRunUpdate, api_key: z.optional(z.string()) }),
    responses: responses(RunEnvelope),
    metadata: routeMeta({ resource: 'pipeline_runs', action: 'update', tag: runTag }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/pipeline_runs/:id',
    query: memberQuery,
    responses: responses(RunEnvelope),
    metadata: routeMeta({ resource: 'pipeline_runs', action: 'delete', tag: runTag }),
  },
  blockRuns: blockRunsOfRun,
});
