import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { dateTime, jsonObject, openEnum, pipelineName } from '../primitives.js';
import { Block } from './blocks.js';
import { PipelineSchedule } from './pipeline-schedules.js';

export const PIPELINE_TYPES = ['python', 'integration', 'streaming', 'pyspark', 'databricks'] as const;
/** What `_order_by[]` may name on the pipelines list. */
export const PIPELINE_SORT_KEYS = ['uuid', 'name', 'type', 'created_at', 'updated_at', 'blocks'] as const;

/** A pipeline's trigger as the pipelines list shows it with `include_schedules=1` (Mage's nine columns). */
export const PipelineScheduleSummary = withMeta(
  z.pick(PipelineSchedule, {
    created_at: true,
    id: true,
    name: true,
    pipeline_uuid: true,
    schedule_interval: true,
    schedule_type: true,
    start_time: true,
    status: true,
    updated_at: true,
  }),
  { id: 'PipelineScheduleSummary' },
);

export const Pipeline = withMeta(
  z.object({
    uuid: z.string(),
    name: z.string(),
    description: z.nullable(z.string()),
    type: openEnum(PIPELINE_TYPES),
    tags: z.array(z.string()),
    created_at: dateTime,
    updated_at: z.nullable(dateTime),
    cache_block_output_in_memory: z.boolean(),
    concurrency_config: jsonObject,
    data_integration: z.nullable(jsonObject),
    executor_config: jsonObject,
    executor_count: z.number().check(z.int()),
    executor_type: z.nullable(z.string()),
    notification_config: jsonObject,
    retry_config: jsonObject,
    run_pipeline_in_one_process: z.boolean(),
    settings: jsonObject,
    spark_config: jsonObject,
    blocks: z.optional(z.array(Block)),
    callbacks: z.optional(z.array(Block)),
    conditionals: z.optional(z.array(Block)),
    widgets: z.optional(z.array(Block)),
    extensions: z.optional(z.record(z.string(), z.object({ blocks: z.array(Block) }))),
    /** Its global variables by name, once one is set (as Mage's metadata.yaml). */
    variables: z.optional(jsonObject),
    /** Its triggers: in the list, with `include_schedules=1` only. */
    schedules: z.optional(z.array(PipelineScheduleSummary)),
  }),
  { id: 'Pipeline' },
);
export type Pipeline = z.infer<typeof Pipeline>;

const name = pipelineName;
const tags = z.array(z.string().check(z.maxLength(255))).check(z.maxLength(100));

export const PipelineCreate = withMeta(
  z.object({
    name,
    type: z.optional(z.enum(PIPELINE_TYPES)),
    description: z.optional(z.nullable(z.string().check(z.maxLength(10_000)))),
    tags: z.optional(tags),
    clone_pipeline_uuid: z.optional(z.string()),
  }),
  { id: 'PipelineCreate' },
);
export type PipelineCreate = z.infer<typeof PipelineCreate>;

/** `PUT /api/pipelines/:uuid` bulk actions on a pipeline's triggers and runs (Mage's UI). */
export const PIPELINE_BULK_STATUSES = ['active', 'inactive', 'cancelled', 'retry', 'retry_incomplete_block_runs'] as const;

/** A block as Mage's editor saves it in the pipeline: its uuid, code and name (the other attributes it sends are dropped). */
export const BlockContentWrite = withMeta(
  z.object({
    uuid: z.string().check(z.maxLength(512)),
    content: z.optional(z.nullable(z.string().check(z.maxLength(512 * 1024)))),
    /** A new name renames the block (its rename dialog saves this way). */
    name: z.optional(z.nullable(z.string().check(z.maxLength(255)))),
  }),
  { id: 'BlockContentWrite' },
);

export const PipelineUpdate = withMeta(
  z.object({
    status: z.optional(z.enum(PIPELINE_BULK_STATUSES)),
    pipeline_runs: z.optional(z.array(z.catchall(z.object({ id: z.number().check(z.int()) }), z.unknown())).check(z.maxLength(1000))),
    pipeline_schedule_id: z.optional(z.number().check(z.int())),
    name: z.optional(name),
    type: z.optional(z.enum(PIPELINE_TYPES)),
    description: z.optional(z.nullable(z.string().check(z.maxLength(10_000)))),
    tags: z.optional(tags),
    cache_block_output_in_memory: z.optional(z.boolean()),
    concurrency_config: z.optional(jsonObject),
    executor_config: z.optional(jsonObject),
    executor_count: z.optional(z.number().check(z.int(), z.minimum(1))),
    executor_type: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
    notification_config: z.optional(jsonObject),
    retry_config: z.optional(jsonObject),
    run_pipeline_in_one_process: z.optional(z.boolean()),
    settings: z.optional(jsonObject),
    spark_config: z.optional(jsonObject),
    /** The new order of its blocks, each once; with `update_content`, each block's code too. */
    blocks: z.optional(z.array(BlockContentWrite).check(z.maxLength(10_000))),
    /** With `update_content`, these blocks' code (Mage's editor saves every section of the pipeline). */
    callbacks: z.optional(z.array(BlockContentWrite).check(z.maxLength(10_000))),
    conditionals: z.optional(z.array(BlockContentWrite).check(z.maxLength(10_000))),
    widgets: z.optional(z.array(BlockContentWrite).check(z.maxLength(10_000))),
    extensions: z.optional(
      z.record(z.string().check(z.maxLength(255)), z.object({ blocks: z.optional(z.array(BlockContentWrite).check(z.maxLength(10_000))) })),
    ),
    /** What Mage's editor sends back of the pipeline it read: accepted, not written (the path names the pipeline). */
    uuid: z.optional(z.string().check(z.maxLength(512))),
    created_at: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
    updated_at: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
    data_integration: z.optional(z.nullable(jsonObject)),
    variables: z.optional(z.nullable(jsonObject)),
  }),
  { id: 'PipelineUpdate' },
);
export type PipelineUpdate = z.infer<typeof PipelineUpdate>;
