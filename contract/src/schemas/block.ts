import * as z from 'zod';
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

/** A pipeline list presents each block without its objects: a block shared by many pipelines would repeat them in every one. */
const LIST_ABSENT = 'Absent from the blocks of a pipeline list (present everywhere else)';

const blockFields = {
  uuid: z.string(),
  name: z.string(),
  type: openEnum(BLOCK_TYPES),
  language: openEnum(BLOCK_LANGUAGES),
  status: openEnum(BLOCK_STATUSES),
  color: z.string().nullable(),
  config: jsonObject.optional().describe(LIST_ABSENT),
  configuration: jsonObject.optional().describe(LIST_ABSENT),
  executor_type: z.string(),
  executor_config: jsonObject.nullable().optional().describe(LIST_ABSENT),
  retry_config: jsonObject.nullable().optional().describe(LIST_ABSENT),
  timeout: z.number().int().nullable(),
  has_callback: z.boolean(),
  extension_uuid: z.string().nullable(),
  content: z.string().nullable().optional().describe('Present on create, update and detail'),
};

/** A block as a member of one pipeline: its position and graph there. */
export const Block = z
  .object({
    ...blockFields,
    pipeline_uuid: z.string(),
    priority: z.number().int().describe('0-based position in its pipeline section'),
    upstream_blocks: z.array(z.string()),
    downstream_blocks: z.array(z.string()),
    all_upstream_blocks_executed: z.boolean(),
    outputs: z.array(z.unknown()).optional().describe('Present on detail'),
  })
  .meta({ id: 'Block' });
export type Block = z.infer<typeof Block>;

/** The block itself, shared by every pipeline it belongs to (`/api/blocks`). */
export const SharedBlock = z.object({ ...blockFields, pipelines: z.array(z.string()) }).meta({ id: 'SharedBlock' });
export type SharedBlock = z.infer<typeof SharedBlock>;

const uuidList = z.array(z.string().max(512)).max(1000);
const sharedWrites = {
  color: openEnum(BLOCK_COLORS).nullable().optional(),
  config: jsonObject.optional(),
  configuration: jsonObject.optional(),
  content: z
    .string()
    .max(512 * 1024)
    .nullable()
    .optional(),
  language: z.enum(BLOCK_LANGUAGES).optional(),
  executor_type: z.string().max(64).optional(),
  executor_config: jsonObject.nullable().optional(),
  retry_config: jsonObject.nullable().optional(),
  timeout: z.number().int().min(0).nullable().optional(),
  has_callback: z.boolean().optional(),
};

export const BlockCreate = z
  .object({
    name: blockName,
    type: z.enum(BLOCK_TYPES),
    ...sharedWrites,
    extension_uuid: z.enum(EXTENSIONS).optional(),
    pipelines: uuidList.optional().describe('Further pipelines to create the block in (all or nothing)'),
    priority: z.number().int().min(0).nullable().optional(),
    upstream_blocks: uuidList.optional(),
    downstream_blocks: uuidList.optional(),
    uuid: z.string().optional().describe('Ignored: the uuid is generated from name'),
  })
  // The resource refuses an extension block without its extension; the document says so.
  .meta({
    id: 'BlockCreate',
    if: { properties: { type: { const: 'extension' } }, required: ['type'] },
    then: { properties: { extension_uuid: { type: 'string' } }, required: ['extension_uuid'] },
  });
export type BlockCreate = z.infer<typeof BlockCreate>;

/** Update through `/api/pipelines/:pipeline_uuid/blocks/:block_uuid`: shared settings and this pipeline's graph. */
export const BlockUpdate = z
  .object({
    name: blockName.optional(),
    type: z.enum(BLOCK_TYPES).optional(),
    ...sharedWrites,
    priority: z.number().int().min(0).optional(),
    upstream_blocks: uuidList.optional(),
    downstream_blocks: uuidList.optional(),
  })
  .meta({ id: 'BlockUpdate' });
export type BlockUpdate = z.infer<typeof BlockUpdate>;

/** Update through `/api/blocks/:uuid`: shared settings only. */
export const SharedBlockUpdate = z
  .object({
    name: blockName.optional(),
    type: z.enum(BLOCK_TYPES).optional(),
    ...sharedWrites,
  })
  .meta({ id: 'SharedBlockUpdate' });
export type SharedBlockUpdate = z.infer<typeof SharedBlockUpdate>;
