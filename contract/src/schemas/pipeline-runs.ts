import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { dateTime, jsonObject, openEnum } from '../primitives.js';
import { BlockRun } from './block-runs.js';

export const PIPELINE_RUN_STATUSES = ['initial', 'running', 'completed', 'failed', 'cancelled'] as const;
export type PipelineRunStatus = (typeof PIPELINE_RUN_STATUSES)[number];
export const PIPELINE_RUN_ACTIONS = ['retry_blocks'] as const;

export const PipelineRun = withMeta(
  z.object({
    id: z.number().check(z.int()),
    pipeline_schedule_id: z.number().check(z.int()),
    pipeline_uuid: z.string(),
    status: openEnum(PIPELINE_RUN_STATUSES),
    execution_date: dateTime,
    started_at: z.nullable(dateTime),
    completed_at: z.nullable(dateTime),
    created_at: dateTime,
    updated_at: dateTime,
    variables: jsonObject,
    event_variables: jsonObject,
    backfill_id: z.nullable(z.number().check(z.int())),
    executor_type: z.string(),
    metrics: jsonObject,
    passed_sla: z.boolean(),
    block_runs: z.optional(z.array(BlockRun)),
    block_runs_count: z.optional(z.number().check(z.int())),
    completed_block_runs_count: z.optional(z.number().check(z.int())),
    pipeline_schedule_name: z.optional(z.nullable(z.string())),
    pipeline_schedule_token: z.optional(z.nullable(z.string())),
    pipeline_schedule_type: z.optional(z.nullable(z.string())),
    repo_path: z.optional(z.string()),
    /** In a list: the pipeline's type with `include_pipeline_type` (or a `pipeline_type` filter), else null. */
    pipeline_type: z.optional(z.nullable(z.string())),
    /** In a list: the pipeline's tags with `include_pipeline_tags`, else null. */
    pipeline_tags: z.optional(z.nullable(z.array(z.string()))),
  }),
  { id: 'PipelineRun' },
);
export type PipelineRun = z.infer<typeof PipelineRun>;

/** A run as its detail answers it: always with its block runs. */
export const PipelineRunDetail = withMeta(z.extend(PipelineRun, { block_runs: z.array(BlockRun) }), { id: 'PipelineRunDetail' });

export const PipelineRunCreate = withMeta(
  z.object({
    variables: z.optional(z.record(z.string(), z.unknown())),
    event_variables: z.optional(z.record(z.string(), z.unknown())),
    execution_date: z.optional(z.string().check(z.maxLength(64))),
  }),
  { id: 'PipelineRunCreate' },
);
export type PipelineRunCreate = z.infer<typeof PipelineRunCreate>;

export const PipelineRunUpdate = withMeta(
  z.object({
    status: z.optional(z.enum(['cancelled'])),
    pipeline_run_action: z.optional(z.enum(PIPELINE_RUN_ACTIONS)),
    from_block_uuid: z.optional(z.string().check(z.maxLength(255))),
  }),
  { id: 'PipelineRunUpdate' },
);
export type PipelineRunUpdate = z.infer<typeof PipelineRunUpdate>;

/**
 * The API trigger's body: `{pipeline_run: {variables}}`. Any other top-level key becomes an event variable (the
 * resource reads them from the raw body; they are free-form, so the schema does not list them).
 */
export const ApiTriggerBody = z.object({
  pipeline_run: z._default(z.object({ variables: z.optional(z.record(z.string(), z.unknown())) }), {}),
});
