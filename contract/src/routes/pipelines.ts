import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { ListMetadata, listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { queryBoolean, queryList, sortKeyList } from '../primitives.js';
import { PIPELINE_SORT_KEYS, Pipeline, PipelineCreate, PipelineUpdate } from '../schemas/pipelines.js';
import { routeMeta } from '../route-meta.js';
import { pipelineBlocks } from './blocks.js';
import { pipelineLogs } from './logs.js';
import { blockOutputDownloads } from './block-outputs.js';
import { pipelineSchedulesOfPipeline } from './pipeline-schedules.js';
import { pipelineBackfills } from './backfills.js';

const c = initContract();
const tag = 'pipelines';
const PipelineEnvelope = memberEnvelope('pipeline', Pipeline);
/** The pipelines list's metadata: also the items in the page (Mage's `results`). */
export const PipelineListMetadata = withMeta(
  z.extend(ListMetadata, {
    results: z.number().check(z.int()),
  }),
  { id: 'PipelineListMetadata' },
);

export const pipelines = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines',
    query: z.extend(listQuery, {
      '_order_by[]': z.optional(sortKeyList(PIPELINE_SORT_KEYS)),
      search: z.optional(z.string()),
      'type[]': z.optional(queryList),
      'tag[]': z.optional(queryList),
      include_schedules: z.optional(queryBoolean),
      'status[]': z.optional(queryList),
      from_history_days: z.optional(z.string()),
      group_by: z.optional(z.string()),
    }),
    responses: responses(listEnvelope('pipelines', Pipeline, PipelineListMetadata)),
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'list' }),
  },
  create: {
    method: 'POST',
    path: '/api/pipelines',
    query: memberQuery,
    body: z.object({ pipeline: PipelineCreate, api_key: z.optional(z.string()) }),
    responses: responses(PipelineEnvelope),
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'create' }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipelines/:uuid',
    query: z.extend(memberQuery, {
      includes_content: z.optional(queryBoolean),
      includes_outputs: z.optional(queryBoolean),
    }),
    responses: responses(PipelineEnvelope),
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/pipelines/:uuid',
    query: z.extend(memberQuery, { update_content: z.optional(queryBoolean) }),
    body: z.object({ pipeline: PipelineUpdate, api_key: z.optional(z.string()) }),
    responses: responses(PipelineEnvelope),
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'update' }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/pipelines/:uuid',
    query: memberQuery,
    responses: responses(PipelineEnvelope),
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'delete' }),
  },
  blocks: pipelineBlocks,
  pipelineSchedules: pipelineSchedulesOfPipeline,
  logs: pipelineLogs,
  backfills: pipelineBackfills,
  blockOutputs: blockOutputDownloads,
});
