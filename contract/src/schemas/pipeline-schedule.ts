import * as z from 'zod';
import { dateTime, jsonObject, openEnum } from '../primitives.js';

/** Mage's enums (`data_preparation/models/triggers/__init__.py`). Responses accept values a newer server adds. */
export const SCHEDULE_TYPES = ['api', 'event', 'time'] as const;
export const SCHEDULE_STATUSES = ['active', 'inactive'] as const;
export const SCHEDULE_INTERVAL_PRESETS = ['@once', '@hourly', '@daily', '@weekly', '@monthly', '@always_on'] as const;
export const TIMEOUT_STATUSES = ['failed', 'cancelled'] as const;

export const ScheduleSettings = z
  .object({
    skip_if_previous_running: z.boolean().optional().describe('A due run is created `cancelled` while another run of this trigger is in progress'),
    allow_blocks_to_fail: z.boolean().optional().describe('A failed block does not stop the other branches; the run still ends `failed`'),
    create_initial_pipeline_run: z.boolean().optional().describe('Also fire for the interval already open when the trigger was enabled'),
    landing_time_enabled: z.boolean().optional().describe('Accepted and stored; not simulated'),
    pipeline_run_limit: z.number().int().min(1).nullable().optional().describe('At most this many running runs of this trigger; the others wait `initial`'),
    timeout: z.number().int().min(1).nullable().optional().describe('Seconds a run may run before it ends with `timeout_status`'),
    timeout_status: z.enum(TIMEOUT_STATUSES).nullable().optional().describe('`failed` (default) or `cancelled`'),
  })
  .meta({ id: 'ScheduleSettings' });

export const EventMatcher = z
  .object({ name: z.string().max(255).optional(), pattern: jsonObject.optional(), event_type: z.string().max(255).optional() })
  .catchall(z.unknown())
  .meta({ id: 'EventMatcher' });

const interval = z.string().max(50).nullable().describe('`@once @hourly @daily @weekly @monthly @always_on` or a cron expression (5 fields; UTC)');

export const PipelineSchedule = z
  .object({
    id: z.number().int(),
    pipeline_uuid: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    schedule_type: openEnum(SCHEDULE_TYPES).nullable(),
    schedule_interval: z.string().nullable(),
    start_time: dateTime.nullable(),
    status: openEnum(SCHEDULE_STATUSES),
    variables: jsonObject,
    sla: z.number().int().nullable().describe('Seconds after the execution date by which a run should be done'),
    settings: jsonObject,
    token: z.string().nullable().describe('The API trigger token (32 hex); null for viewers'),
    repo_path: z.string(),
    global_data_product_uuid: z.string().nullable(),
    last_enabled_at: dateTime.nullable(),
    created_at: dateTime,
    updated_at: dateTime,
    event_matchers: z.array(EventMatcher).optional(),
    tags: z.array(z.string()).optional(),
    next_pipeline_run_date: dateTime.nullable().optional().describe('null for @once, @always_on, api and event triggers'),
    last_pipeline_run_status: z.string().nullable().optional(),
    pipeline_runs_count: z.number().int().nullable().optional().describe('null when the trigger has no runs (as Mage)'),
    pipeline_in_progress_runs_count: z.number().int().nullable().optional(),
  })
  .meta({ id: 'PipelineSchedule' });
export type PipelineSchedule = z.infer<typeof PipelineSchedule>;

/** What the server reads as a start time: Mage's `2023-03-06 04:53:00` or ISO 8601, with a real month, day, hour and minute. */
const START_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?)?$/;

const fields = {
  description: z.string().max(10_000).nullable().optional(),
  schedule_type: z.enum(SCHEDULE_TYPES).nullable().optional(),
  schedule_interval: interval.optional(),
  start_time: z
    .string()
    .regex(START_TIME)
    .nullable()
    .optional()
    .describe('`YYYY-MM-DD[ HH:MM[:SS[.ffffff]]]` (UTC unless it ends with `Z` or `+HH:MM`); `T` may stand for the space (ISO 8601)'),
  status: z.enum(SCHEDULE_STATUSES).optional(),
  variables: z.record(z.string(), z.unknown()).optional(),
  sla: z.number().int().min(0).nullable().optional(),
  settings: ScheduleSettings.optional(),
  tags: z.array(z.string().min(1).max(255)).max(100).optional(),
  event_matchers: z.array(EventMatcher).max(100).optional(),
  repo_path: z.string().max(1024).optional(),
};

export const PipelineScheduleCreate = z
  .object({
    name: z.string().min(1).max(255),
    ...fields,
    token: z
      .string()
      .regex(/^\w{1,255}$/)
      .optional()
      .describe('Owners only: a token of your own'),
  })
  .meta({ id: 'PipelineScheduleCreate' });
export type PipelineScheduleCreate = z.infer<typeof PipelineScheduleCreate>;

export const PipelineScheduleUpdate = z
  .object({
    id: z.number().int().optional().describe('Ignored (Mage’s UI sends it)'),
    name: z.string().min(1).max(255).optional(),
    ...fields,
    last_enabled_at: z.string().max(64).nullable().optional(),
    rotate_token: z.boolean().optional().describe('Owners only: a new token; the old one stops working at once'),
  })
  .meta({ id: 'PipelineScheduleUpdate' });
export type PipelineScheduleUpdate = z.infer<typeof PipelineScheduleUpdate>;
