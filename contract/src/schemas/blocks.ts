import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { blockName, jsonObject, openEnum } from '../primitives.js';

/** Block types accepted on create (the spec's 13). */
export const BLOCK_TYPES = [
  'callback',
  'chart',
  'conditional',
  'custom',
  'data_exporter',
  'data_loader',
  'dbt',
  'extension',
  'global_data_product',
  'markdown',
  'scratchpad',
  'sensor',
  'transformer',
] as const;
export const BLOCK_LANGUAGES = ['python', 'sql', 'r', 'yaml', 'markdown'] as const;
export const BLOCK_STATUSES = ['not_executed', 'executed', 'failed', 'updated'] as const;
export const BLOCK_COLORS = ['blue', 'grey', 'pink', 'purple', 'teal', 'yellow'] as const;
export const EXTENSIONS = ['great_expectations'] as const;

const blockFields = {
  uuid: z.string(),
  name: z.string(),
  type: openEnum(BLOCK_TYPES),
  language: openEnum(BLOCK_LANGUAGES),
  status: openEnum(BLOCK_STATUSES),
  color: z.nullable(z.string()),
  config: z.optional(jsonObject),
  configuration: z.optional(jsonObject),
  executor_type: z.string(),
  executor_config: z.optional(z.nullable(jsonObject)),
  retry_config: z.optional(z.nullable(jsonObject)),
  timeout: z.nullable(z.number().check(z.int())),
  has_callback: z.boolean(),
  extension_uuid: z.nullable(z.string()),
  content: z.optional(z.nullable(z.string())),
};

/** A block as a member of one pipeline: its position and graph there. */
export const Block = withMeta(
  z.object({
    ...blockFields,
    pipeline_uuid: z.string(),
    priority: z.number().check(z.int()),
    upstream_blocks: z.array(z.string()),
    downstream_blocks: z.array(z.string()),
    all_upstream_blocks_executed: z.boolean(),
    outputs: z.optional(z.array(z.unknown())),
  }),
  { id: 'Block' },
);
export type Block = z.infer<typeof Block>;

/** The block itself, shared by every pipeline it belongs to (`/api/blocks`). */
export const SharedBlock = withMeta(z.object({ ...blockFields, pipelines: z.array(z.string()) }), { id: 'SharedBlock' });
export type SharedBlock = z.infer<typeof SharedBlock>;

const uuidList = z.array(z.string().check(z.maxLength(512))).check(z.maxLength(1000));
const sharedWrites = {
  color: z.optional(z.nullable(openEnum(BLOCK_COLORS))),
  config: z.optional(jsonObject),
  configuration: z.optional(jsonObject),
  content: z.optional(z.nullable(z.string().check(z.maxLength(512 * 1024)))),
  language: z.optional(z.enum(BLOCK_LANGUAGES)),
  executor_type: z.optional(z.string().check(z.maxLength(64))),
  executor_config: z.optional(z.nullable(jsonObject)),
  retry_config: z.optional(z.nullable(jsonObject)),
  timeout: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0)))),
  has_callback: z.optional(z.boolean()),
};

export const BlockCreate = withMeta(
  z.object({
    name: blockName,
    type: z.enum(BLOCK_TYPES),
    ...sharedWrites,
    extension_uuid: z.optional(z.enum(EXTENSIONS)),
    pipelines: z.optional(uuidList),
    priority: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0)))),
    upstream_blocks: z.optional(uuidList),
    downstream_blocks: z.optional(uuidList),
    uuid: z.optional(z.string()),
    /** Refuse the name when a block file of that name exists anywhere in the project (Mage's editor sends it). */
    require_unique_name: z.optional(z.nullable(z.boolean())),
  }),
  {
    id: 'BlockCreate',
    if: { properties: { type: { const: 'extension' } }, required: ['type'] },
    then: { properties: { extension_uuid: { type: 'string' } }, required: ['extension_uuid'] },
  },
);
export type BlockCreate = z.infer<typeof BlockCreate>;

/**
 * What Mage's editor sends back of a block it read (its dependency tree saves a dragged link with the whole block):
 * accepted, never written (the path names the block; status, outputs and membership are the server's).
 */
const echoedBack = {
  uuid: z.optional(z.string().check(z.maxLength(512))),
  status: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  extension_uuid: z.optional(z.nullable(z.string().check(z.maxLength(255)))),
  pipeline_uuid: z.optional(z.nullable(z.string().check(z.maxLength(512)))),
  all_upstream_blocks_executed: z.optional(z.nullable(z.boolean())),
  outputs: z.optional(z.nullable(z.array(z.unknown()).check(z.maxLength(100)))),
  pipelines: z.optional(z.unknown()),
};

/** Update through `/api/pipelines/:pipeline_uuid/blocks/:block_uuid`: shared settings and this pipeline's graph. */
export const BlockUpdate = withMeta(
  z.object({
    name: z.optional(blockName),
    type: z.optional(z.enum(BLOCK_TYPES)),
    ...sharedWrites,
    priority: z.optional(z.number().check(z.int(), z.minimum(0))),
    upstream_blocks: z.optional(uuidList),
    downstream_blocks: z.optional(uuidList),
    ...echoedBack,
  }),
  { id: 'BlockUpdate' },
);
export type BlockUpdate = z.infer<typeof BlockUpdate>;

/** Update through `/api/blocks/:uuid`: shared settings only. */
export const SharedBlockUpdate = withMeta(
  z.object({
    name: z.optional(blockName),
    type: z.optional(z.enum(BLOCK_TYPES)),
    ...sharedWrites,
  }),
  { id: 'SharedBlockUpdate' },
);
export type SharedBlockUpdate = z.infer<typeof SharedBlockUpdate>;
