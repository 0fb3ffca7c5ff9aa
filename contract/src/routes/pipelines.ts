import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { described, withMeta } from '../annotate.js';
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
const PipelineListMetadata = withMeta(
  z.extend(ListMetadata, {
    results: described(z.number().check(z.int()), 'Items in this page'),
  }),
  { id: 'PipelineListMetadata' },
);

export const pipelines = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines',
    query: z.extend(listQuery, {
      '_order_by[]': described(
        z.optional(sortKeyList(PIPELINE_SORT_KEYS)),
        `Sort keys: ${PIPELINE_SORT_KEYS.join(', ')}; a \`-\` prefix for descending; repeat the param or comma-separate`,
      ),
      search: described(z.optional(z.string()), 'Substring of the uuid'),
      'type[]': described(z.optional(queryList), 'Only these pipeline types (repeat the param, or comma-separate)'),
      'tag[]': described(z.optional(queryList), 'Only pipelines with one of these tags (repeat the param, or comma-separate)'),
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
    body: z.object({ pipeline: PipelineCreate, api_key: z.optional(z.string()) }),
    responses: responses(PipelineEnvelope),
    summary: 'Create a pipeline',
    description: 'The uuid is the slug of `name` (`arwen-starlight` → `arwen_starlight`).',
    metadata: routeMeta({ tag, resource: 'pipelines', action: 'create' }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipelines/:uuid',
    query: z.extend(memberQuery, {
      includes_content: described(z.optional(queryBoolean), 'false: leave block content out'),
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
    body: z.object({ pipeline: PipelineUpdate, api_key: z.optional(z.string()) }),
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
