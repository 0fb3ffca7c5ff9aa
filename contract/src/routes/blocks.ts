import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { PAGE_LIMITS, listQuery, memberQuery, pagedListQuery } from '../meta.js';
import { queryBoolean, queryList } from '../primitives.js';
import { Block, BlockCreate, BlockUpdate, SharedBlock, SharedBlockUpdate } from '../schemas/blocks.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const tag = 'blocks';
const BlockEnvelope = memberEnvelope('block', Block);
const SharedBlockEnvelope = memberEnvelope('block', SharedBlock);
const deleteQuery = z.extend(memberQuery, {
  force: z.optional(queryBoolean),
});
const nested = { resource: 'blocks', parent: 'pipelines', tag } as const;

/** Mage's per-pipeline view: `/api/pipelines/:pipeline_uuid/blocks[/:block_uuid]`. */
export const pipelineBlocks = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/blocks',
    // Mage answers every block of the pipeline: so does the default page, up to the maximum.
    query: z.extend(pagedListQuery({ ...PAGE_LIMITS, defaultLimit: PAGE_LIMITS.maxLimit }), {
      'block_uuid[]': z.optional(queryList),
    }),
    responses: responses(listEnvelope('blocks', Block)),
    metadata: routeMeta({ ...nested, action: 'list' }),
  },
  create: {
    method: 'POST',
    path: '/api/pipelines/:pipeline_uuid/blocks',
    query: memberQuery,
    body: z.object({ block: BlockCreate, api_key: z.optional(z.string()) }),
    responses: responses(BlockEnvelope),
    metadata: routeMeta({ ...nested, action: 'create' }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/blocks/:block_uuid',
    query: memberQuery,
    responses: responses(BlockEnvelope),
    metadata: routeMeta({ ...nested, action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/pipelines/:pipeline_uuid/blocks/:block_uuid',
    query: memberQuery,
    body: z.object({ block: BlockUpdate, api_key: z.optional(z.string()) }),
    responses: responses(BlockEnvelope),
    metadata: routeMeta({ ...nested, action: 'update' }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/pipelines/:pipeline_uuid/blocks/:block_uuid',
    query: deleteQuery,
    responses: responses(BlockEnvelope),
    metadata: routeMeta({ ...nested, action: 'delete' }),
  },
});

/** The spec's generic form: `/api/blocks[/:uuid]`, the block shared by its pipelines. */
export const blocks = c.router({
  list: {
    method: 'GET',
    path: '/api/blocks',
    query: listQuery,
    responses: responses(listEnvelope('blocks', SharedBlock)),
    metadata: routeMeta({ tag, resource: 'blocks', action: 'list' }),
  },
  detail: {
    method: 'GET',
    path: '/api/blocks/:uuid',
    query: memberQuery,
    responses: responses(SharedBlockEnvelope),
    metadata: routeMeta({ tag, resource: 'blocks', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/blocks/:uuid',
    query: memberQuery,
    body: z.object({ block: SharedBlockUpdate, api_key: z.optional(z.string()) }),
    responses: responses(SharedBlockEnvelope),
    metadata: routeMeta({ tag, resource: 'blocks', action: 'update' }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/blocks/:uuid',
    query: deleteQuery,
    responses: responses(SharedBlockEnvelope),
    metadata: routeMeta({ tag, resource: 'blocks', action: 'delete' }),
  },
});
