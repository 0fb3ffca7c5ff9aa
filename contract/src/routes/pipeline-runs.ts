import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { ListMetadata, listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { withMeta } from '../annotate.js';
import { listQuery, memberQuery } from '../meta.js';
import { numericId, patternList, queryBoolean, queryList } from '../primitives.js';

/** The columns a runs list sorts by (`order_by[]=created_at desc`, as Mage's UI sends). */
export const RUN_ORDER_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'execution_date',
  'started_at',
  'completed_at',
  'status',
  'pipeline_uuid',
  'pipeline_schedule_id',
] as const;
import { PipelineRun, PipelineRunCreate, PipelineRunDetail, PipelineRunUpdate } from '../schemas/pipeline-runs.js';
import { blockRunsOfRun } from './block-runs.js';
import { blocksOfRun } from './run-blocks.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const runTag = 'runs';
const RunEnvelope = memberEnvelope('pipeline_run', PipelineRun);
/** The runs list's metadata: with `include_pipeline_uuids`, every pipeline's uuid too (the UI's filter). */
export const RunListMetadata = withMeta(z.extend(ListMetadata, { pipeline_uuids: z.optional(z.array(z.string())) }), { id: 'RunListMetadata' });

/** A unix time in seconds (Mage's `start_timestamp`, `end_timestamp`): decimal digits, a fraction allowed. */
const unixSeconds = z.pipe(
  z.string().check(z.regex(/^[0-9]{1,12}(\.[0-9]{1,6})?$/, { error: 'must be a unix time in seconds (decimal digits)' })),
  z.transform((value: string) => Number(value)),
);

/** `/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs`: one trigger's runs. */
export const pipelineRunsOfSchedule = c.router({
  list: {
    method: 'GET',
    path: '/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs',
    query: z.extend(listQuery, {
      status: z.optional(queryList),
      'status[]': z.optional(queryList),
      disable_retries_grouping: z.optional(z.string()),
    }),
    responses: responses(listEnvelope('pipeline_runs', PipelineRun)),
    metadata: routeMeta({ resource: 'pipeline_runs', parent: 'pipeline_schedules', action: 'list', tag: runTag }),
  },
  create: {
    method: 'POST',
    path: '/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs',
    query: memberQuery,
    body: z.object({ pipeline_run: PipelineRunCreate, api_key: z.optional(z.string()) }),
    responses: responses(RunEnvelope),
    metadata: routeMeta({ resource: 'pipeline_runs', parent: 'pipeline_schedules', action: 'create', tag: runTag }),
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
      include_pipeline_type: z.optional(queryBoolean),
      include_pipeline_tags: z.optional(queryBoolean),
      include_pipeline_uuids: z.optional(queryBoolean),
      pipeline_type: z.optional(z.string()),
      'pipeline_tag[]': z.optional(queryList),
      start_timestamp: z.optional(unixSeconds),
      end_timestamp: z.optional(unixSeconds),
      'order_by[]': z.optional(
        patternList(`(?:${RUN_ORDER_COLUMNS.join('|')})(?: (?:asc|desc))?`, `takes "<column> asc|desc" with a column among ${RUN_ORDER_COLUMNS.join(', ')}`),
      ),
    }),
    responses: responses(listEnvelope('pipeline_runs', PipelineRun, RunListMetadata)),
    metadata: routeMeta({ resource: 'pipeline_runs', action: 'list', tag: runTag }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipeline_runs/:id',
    query: memberQuery,
    responses: responses(memberEnvelope('pipeline_run', PipelineRunDetail)),
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
  blocks: blocksOfRun,
});
