import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { described } from '../annotate.js';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { queryList } from '../primitives.js';
import { BlockRun } from '../schemas/block-run.js';
import { PipelineRun, PipelineRunUpdate } from '../schemas/pipeline-run.js';
import { resourceTag, routeMeta } from '../route-meta.js';

const c = initContract();
const runTag = resourceTag({
  name: 'runs',
  description: 'Pipeline runs: `initial -> running -> completed | failed | cancelled`, moved by the scheduler; block execution is simulated (docs/runs.md).',
});
const blockRunTag = resourceTag({
  name: 'block-runs',
  description: 'Block runs: one per block of a run, `initial -> queued -> running -> completed | failed`, or skipped.',
});
const RunEnvelope = memberEnvelope('pipeline_run', PipelineRun);

/** `/api/pipeline_runs/:pipeline_run_id/block_runs`: one run's block runs. */
export const blockRunsOfRun = c.router({
  list: {
    method: 'GET',
    path: '/api/pipeline_runs/:pipeline_run_id/block_runs',
    query: listQuery,
    responses: responses(listEnvelope('block_runs', BlockRun)),
    summary: "List a run's block runs",
    description: 'In id order (the order they were created, which follows the pipeline); 404 when the run does not exist.',
    metadata: routeMeta({ resource: 'block_runs', parent: 'pipeline_runs', action: 'list', tag: blockRunTag }),
  },
});

/** `/api/pipeline_runs[/:id]`. */
export const pipelineRuns = c.router({
  list: {
    method: 'GET',
    path: '/api/pipeline_runs',
    query: z.extend(listQuery, {
      pipeline_uuid: described(z.optional(z.string()), 'Only this pipeline’s runs'),
      'pipeline_uuid[]': described(z.optional(queryList), 'Only these pipelines’ runs'),
      status: described(z.optional(queryList), 'Only runs in these statuses (one, or comma-separated)'),
      'status[]': described(z.optional(queryList), 'Only runs in these statuses (repeat the param, or comma-separate)'),
      disable_retries_grouping: described(z.optional(z.string()), 'Accepted and ignored: runs are never grouped'),
    }),
    responses: responses(listEnvelope('pipeline_runs', PipelineRun)),
    summary: 'List runs',
    description: 'Newest first (by id); 40 a page unless `_limit` says otherwise. Every value of a multi-value filter counts.',
    metadata: routeMeta({ resource: 'pipeline_runs', action: 'list', tag: runTag }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipeline_runs/:id',
    query: memberQuery,
    responses: responses(RunEnvelope),
    summary: 'Read a run',
    description: 'With its block runs. `_format=with_basic_details`: id, status and execution date only (for polling).',
    metadata: routeMeta({ resource: 'pipeline_runs', action: 'detail', tag: runTag }),
  },
  update: {
    method: 'PUT',
    path: '/api/pipeline_runs/:id',
    query: memberQuery,
    body: z.object({ pipeline_run: PipelineRunUpdate, api_key: z.optional(z.string()) }),
    responses: responses(RunEnvelope),
    summary: 'Cancel a run, or retry its blocks',
    description:
      '`{status: "cancelled"}` stops an `initial` or `running` run; `{pipeline_run_action: "retry_blocks", from_block_uuid?}` resets the blocks that did not complete (or that block and everything below it) and runs again. Anything else, and a transition the run cannot take, is a 400 `record_invalid`.',
    metadata: routeMeta({ resource: 'pipeline_runs', action: 'update', tag: runTag }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/pipeline_runs/:id',
    query: memberQuery,
    responses: responses(RunEnvelope),
    summary: 'Delete a run',
    description: 'With its block runs; a run in progress simply stops existing (nothing executes outside the scheduler).',
    metadata: routeMeta({ resource: 'pipeline_runs', action: 'delete', tag: runTag }),
  },
  blockRuns: blockRunsOfRun,
});
