import * as z from 'zod';
import { dateTime, jsonObject, openEnum } from '../primitives.js';
import { BlockRun } from './block-run.js';

export const PIPELINE_RUN_STATUSES = ['initial', 'running', 'completed', 'failed', 'cancelled'] as const;
export type PipelineRunStatus = (typeof PIPELINE_RUN_STATUSES)[number];
export const PIPELINE_RUN_ACTIONS = ['retry_blocks'] as const;

export const PipelineRun = z
  .object({
    id: z.number().int(),
    pipeline_schedule_id: z.number().int(),
    pipeline_uuid: z.string(),
    status: openEnum(PIPELINE_RUN_STATUSES),
    execution_date: dateTime,
    started_at: dateTime.nullable(),
    completed_at: dateTime.nullable(),
    created_at: dateTime,
    updated_at: dateTime,
    variables: jsonObject,
    event_variables: jsonObject,
    backfill_id: z.number().int().nullable(),
    executor_type: z.string(),
    metrics: jsonObject,
    passed_sla: z.boolean(),
    block_runs: z.array(BlockRun).optional(),
    block_runs_count: z.number().int().optional(),
    completed_block_runs_count: z.number().int().optional(),
    pipeline_schedule_name: z.string().nullable().optional(),
    pipeline_schedule_token: z.string().nullable().optional().describe('null for viewers'),
    pipeline_schedule_type: z.string().nullable().optional(),
    repo_path: z.string().optional(),
  })
  .meta({ id: 'PipelineRun' });
export type PipelineRun = z.infer<typeof PipelineRun>;

export const PipelineRunCreate = z
  .object({
    variables: z.record(z.string(), z.unknown()).optional(),
    event_variables: z.record(z.string(), z.unknown()).optional(),
    execution_date: z.string().max(64).optional().describe('Default: now'),
  })
  .meta({ id: 'PipelineRunCreate' });
export type PipelineRunCreate = z.infer<typeof PipelineRunCreate>;

export const PipelineRunUpdate = z
  .object({
    status: z.enum(['cancelled']).optional().describe('The only status a client may set'),
    pipeline_run_action: z.enum(PIPELINE_RUN_ACTIONS).optional(),
    from_block_uuid: z.string().max(255).optional().describe('With retry_blocks: reset this block and everything below it'),
  })
  .meta({ id: 'PipelineRunUpdate' });
export type PipelineRunUpdate = z.infer<typeof PipelineRunUpdate>;

/**
 * The API trigger's body: `{pipeline_run: {variables}}`. Any other top-level key becomes an event variable (the
 * resource reads them from the raw body; they are free-form, so the schema does not list them).
 */
export const ApiTriggerBody = z
  .object({
    pipeline_run: z.object({ variables: z.record(z.string(), z.unknown()).optional() }).default({}),
  })
  .describe('`{pipeline_run: {variables}}`; any other top-level key becomes an event variable');
