import * as z from 'zod';
import { dateTime, jsonObject, openEnum, pipelineName } from '../primitives.js';
import { Block } from './block.js';

export const PIPELINE_TYPES = ['python', 'integration', 'streaming', 'pyspark', 'databricks'] as const;
/** What `_order_by[]` may name on the pipelines list. */
export const PIPELINE_SORT_KEYS = ['uuid', 'name', 'type', 'created_at', 'updated_at', 'blocks'] as const;

export const Pipeline = z
  .object({
    uuid: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: openEnum(PIPELINE_TYPES),
    tags: z.array(z.string()),
    created_at: dateTime,
    updated_at: dateTime.nullable().describe('null in a delete response'),
    cache_block_output_in_memory: z.boolean(),
    concurrency_config: jsonObject,
    data_integration: jsonObject.nullable(),
    executor_config: jsonObject,
    executor_count: z.number().int(),
    executor_type: z.string().nullable(),
    notification_config: jsonObject,
    retry_config: jsonObject,
    run_pipeline_in_one_process: z.boolean(),
    settings: jsonObject,
    spark_config: jsonObject,
    blocks: z.array(Block).optional(),
    callbacks: z.array(Block).optional(),
    conditionals: z.array(Block).optional(),
    widgets: z.array(Block).optional(),
    extensions: z.record(z.string(), z.object({ blocks: z.array(Block) })).optional(),
  })
  .meta({ id: 'Pipeline' });
export type Pipeline = z.infer<typeof Pipeline>;

const name = pipelineName;
const tags = z.array(z.string().max(255)).max(100);

export const PipelineCreate = z
  .object({
    name,
    type: z.enum(PIPELINE_TYPES).optional(),
    description: z.string().max(10_000).nullable().optional(),
    tags: tags.optional(),
    clone_pipeline_uuid: z.string().optional().describe('Copy the blocks (shared) and settings of this pipeline'),
  })
  .meta({ id: 'PipelineCreate' });
export type PipelineCreate = z.infer<typeof PipelineCreate>;

/** `PUT /api/pipelines/:uuid` bulk actions on a pipeline's triggers and runs (Mage's UI). */
export const PIPELINE_BULK_STATUSES = ['active', 'inactive', 'cancelled', 'retry', 'retry_incomplete_block_runs'] as const;

export const PipelineUpdate = z
  .object({
    status: z.enum(PIPELINE_BULK_STATUSES).optional().describe('A bulk action on the pipeline’s triggers and runs'),
    pipeline_runs: z
      .array(z.object({ id: z.number().int() }).catchall(z.unknown()))
      .max(1000)
      .optional()
      .describe('With `cancelled` or `retry`: the runs to act on'),
    pipeline_schedule_id: z.number().int().optional().describe('With `cancelled`: only this trigger’s runs'),
    name: name.optional().describe('Renames: the uuid changes and every reference is rewritten'),
    type: z.enum(PIPELINE_TYPES).optional(),
    description: z.string().max(10_000).nullable().optional(),
    tags: tags.optional(),
    cache_block_output_in_memory: z.boolean().optional(),
    concurrency_config: jsonObject.optional(),
    executor_config: jsonObject.optional(),
    executor_count: z.number().int().min(1).optional(),
    executor_type: z.string().max(64).nullable().optional(),
    notification_config: jsonObject.optional(),
    retry_config: jsonObject.optional(),
    run_pipeline_in_one_process: z.boolean().optional(),
    settings: jsonObject.optional(),
    spark_config: jsonObject.optional(),
    blocks: z
      .array(z.object({ uuid: z.string() }))
      .optional()
      .describe('The pipeline blocks in a new order (a permutation of the current ones)'),
  })
  .meta({ id: 'PipelineUpdate' });
export type PipelineUpdate = z.infer<typeof PipelineUpdate>;
