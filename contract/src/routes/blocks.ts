import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { described } from '../annotate.js';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { PAGE_LIMITS, listQuery, memberQuery, pagedListQuery } from '../meta.js';
import { queryBoolean, queryList } from '../primitives.js';
import { Block, BlockCreate, BlockUpdate, SharedBlock, SharedBlockUpdate } from '../schemas/block.js';
import { resourceTag, routeMeta } from '../route-meta.js';

const c = initContract();
const tag = resourceTag({
  name: 'blocks',
  description:
    'Units of code or content. A block’s code and settings are shared by every pipeline it belongs to; its position and upstream blocks are per pipeline.',
});
const BlockEnvelope = memberEnvelope('block', Block);
const SharedBlockEnvelope = memberEnvelope('block', SharedBlock);
const deleteQuery = z.extend(memberQuery, {
  force: described(z.optional(queryBoolean), 'Delete even when other blocks depend on it; they inherit its upstreams'),
});
const nested = { resource: 'blocks', parent: 'pipelines', tag } as const;

/** Mage's per-pipeline view: `/api/pipelines/:pipeline_uuid/blocks[/:block_uuid]`. */
export const pipelineBlocks = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/blocks',
    // Mage answers every block of the pipeline: so does the default page, up to the maximum.
    query: z.extend(pagedListQuery({ ...PAGE_LIMITS, defaultLimit: PAGE_LIMITS.maxLimit }), {
      'block_uuid[]': described(z.optional(queryList), 'Only these blocks'),
    }),
    responses: responses(listEnvelope('blocks', Block)),
    summary: "List a pipeline's blocks",
    description: 'Every member of the pipeline (up to 1000 a page), in section order (blocks, callbacks, conditionals, widgets, extensions).',
    metadata: routeMeta({ ...nested, action: 'list' }),
  },
  create: {
    method: 'POST',
    path: '/api/pipelines/:pipeline_uuid/blocks',
    query: memberQuery,
    body: z.object({ block: BlockCreate, api_key: z.optional(z.string()) }),
    responses: responses(BlockEnvelope),
    summary: 'Create a block',
    description: 'Creates the block in this pipeline and in every pipeline named in `pipelines`, all or nothing. The uuid is the slug of `name`.',
    metadata: routeMeta({ ...nested, action: 'create' }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/blocks/:block_uuid',
    query: memberQuery,
    responses: responses(BlockEnvelope),
    summary: 'Read a block in a pipeline',
    description: 'With its priority, upstream and downstream blocks in this pipeline.',
    metadata: routeMeta({ ...nested, action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/pipelines/:pipeline_uuid/blocks/:block_uuid',
    query: memberQuery,
    body: z.object({ block: BlockUpdate, api_key: z.optional(z.string()) }),
    responses: responses(BlockEnvelope),
    summary: 'Update a block in a pipeline',
    description: 'Shared settings (name, content, configuration...) and this pipeline’s priority and graph.',
    metadata: routeMeta({ ...nested, action: 'update' }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/pipelines/:pipeline_uuid/blocks/:block_uuid',
    query: deleteQuery,
    responses: responses(BlockEnvelope),
    summary: 'Remove a block from a pipeline',
    description: 'Refused when other blocks depend on it, unless `force=true`.',
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
    summary: 'List every block',
    description: 'Each block once, with the pipelines it belongs to; sorted by uuid.',
    metadata: routeMeta({ tag, resource: 'blocks', action: 'list' }),
  },
  detail: {
    method: 'GET',
    path: '/api/blocks/:uuid',
    query: memberQuery,
    responses: responses(SharedBlockEnvelope),
    summary: 'Read a block',
    description: 'The shared block and the pipelines it belongs to.',
    metadata: routeMeta({ tag, resource: 'blocks', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/blocks/:uuid',
    query: memberQuery,
    body: z.object({ block: SharedBlockUpdate, api_key: z.optional(z.string()) }),
    responses: responses(SharedBlockEnvelope),
    summary: 'Update a block everywhere',
    description: 'Shared settings, seen by every pipeline the block belongs to. A new name renames it everywhere.',
    metadata: routeMeta({ tag, resource: 'blocks', action: 'update' }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/blocks/:uuid',
    query: deleteQuery,
    responses: responses(SharedBlockEnvelope),
    summary: 'Delete a block from every pipeline',
    description: 'Refused when a block in any pipeline depends on it, unless `force=true`.',
    metadata: routeMeta({ tag, resource: 'blocks', action: 'delete' }),
  },
});
