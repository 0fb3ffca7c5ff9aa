import { initContract } from '../dsl.js';
import * as z from 'zod';
import { ListMetadata, listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { queryBoolean, queryList, sortKeyList } from '../primitives.js';
import { PIPELINE_SORT_KEYS, Pipeline, PipelineCreate, PipelineUpdate } from '../schemas/pipeline.js';
import { resourceTag, routeMeta } from '../route-meta.js';
import { pipelineBlocks } from './blocks.js';
import { pipelineLogs } from './logs.js';
import { pipelineSchedulesOfPipeline } from './pipeline-schedules.js';

const c = initContract();
const tag = resourceTag({
  name: 'pipelines',
  description: 'Pipelines: named graphs of blocks. The uuid is the slug of the name.',
});
const PipelineEnvelope = memberEnvelope('pipeline', Pipeline);
const PipelineListMetadata = ListMetadata.extend({
  results: z.number().int().describe('Items in this page'),
}).meta({ id: 'PipelineListMetadata' });

export const pipelines = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines',
    query: listQuery.extend({
      '_order_by[]': sortKeyList(PIPELINE_SORT_KEYS)
        .optional()
        .describe(`Sort keys: ${PIPELINE_SORT_KEYS.join(', ')}; a \`-\` prefix for descending; repeat the param or comma-separate`),
      search: z.string().optional().describe('Substring of the uuid'),
      'type[]': queryList.optional().describe('Only these pipeline types (repeat the param, or comma-separate)'),
      'tag[]': queryList.optional().describe('Only pipelines with one of these tags (repeat the param, or comma-separate)'),
    }),
    responses: responses(listEnvelope('pipelines', Pipeline, PipelineListMetadata)),
    summary: 'List pipelines',
    description:
      'Sorted by uuid unless `_order_by[]` says otherwise; 40 a page unless `_limit` says otherwise (at most 1000). Each block is presented without its `content` and `configuration` (`_format=detail` on one pipeline has them).',
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'list' }),
  },
  create: {
    method: 'POST',
    path: '/api/pipelines',
    query: memberQuery,
    body: z.object({ pipeline: PipelineCreate, api_key: z.string().optional() }),
    responses: responses(PipelineEnvelope),
    summary: 'Create a pipeline',
    description: 'The uuid is the slug of `name` (`arwen-starlight` → `arwen_starlight`).',
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'create' }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipelines/:uuid',
    query: memberQuery.extend({
      includes_content: queryBoolean.optional().describe('false: leave block content out'),
    }),
    responses: responses(PipelineEnvelope),
    summary: 'Read a pipeline',
    description: 'With its blocks (content included), callbacks, conditionals, widgets and extensions.',
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/pipelines/:uuid',
    query: memberQuery,
    body: z.object({ pipeline: PipelineUpdate, api_key: z.string().optional() }),
    responses: responses(PipelineEnvelope),
    summary: 'Update or rename a pipeline',
    description:
      'A new `name` changes the uuid and rewrites every reference to it. `status` runs a bulk action on the pipeline’s triggers and runs (Mage’s UI): `active`/`inactive` sets every trigger, `cancelled` stops in-progress runs (of `pipeline_runs`, of `pipeline_schedule_id`, or all), `retry` makes new runs from `pipeline_runs`, `retry_incomplete_block_runs` resets every failed run.',
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'update' }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/pipelines/:uuid',
    query: memberQuery,
    responses: responses(PipelineEnvelope),
    summary: 'Delete a pipeline',
    description: 'Returns the deleted pipeline. Blocks that belonged to no other pipeline are deleted with it.',
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'delete' }),
  },
  blocks: pipelineBlocks,
  pipelineSchedules: pipelineSchedulesOfPipeline,
  logs: pipelineLogs,
});
