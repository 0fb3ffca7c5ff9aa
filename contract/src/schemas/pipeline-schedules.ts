import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { dateTime, jsonObject, openEnum } from '../primitives.js';

/** Mage's enums (`data_preparation/models/triggers/__init__.py`). Responses accept values a newer server adds. */
export const SCHEDULE_TYPES = ['api', 'event', 'time'] as const;
export const SCHEDULE_STATUSES = ['active', 'inactive'] as const;
export const SCHEDULE_INTERVAL_PRESETS = ['@once', '@hourly', '@daily', '@weekly', '@monthly', '@always_on'] as const;
export const TIMEOUT_STATUSES = ['failed', 'cancelled'] as const;

export const ScheduleSettings = withMeta(
  z.object({
    skip_if_previous_running: z.optional(z.boolean()),
    allow_blocks_to_fail: z.optional(z.boolean()),
    create_initial_pipeline_run: z.optional(z.boolean()),
    landing_time_enabled: z.optional(z.boolean()),
    pipeline_run_limit: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1)))),
    timeout: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1)))),
    timeout_status: z.optional(z.nullable(z.enum(TIMEOUT_STATUSES))),
  }),
  { id: 'ScheduleSettings' },
);

export const EventMatcher = withMeta(
  z.catchall(
    z.object({
      name: z.optional(z.string().check(z.maxLength(255))),
      pattern: z.optional(jsonObject),
      event_type: z.optional(z.string().check(z.maxLength(255))),
    }),
    z.unknown(),
  ),
  { id: 'EventMatcher' },
);

const interval = z.nullable(z.string().check(z.maxLength(50)));

export const PipelineSchedule = withMeta(
  z.object({
    id: z.number().check(z.int()),
    pipeline_uuid: z.string(),
    name: z.string(),
    description: z.nullable(z.string()),
    schedule_type: z.nullable(openEnum(SCHEDULE_TYPES)),
    schedule_interval: z.nullable(z.string()),
    start_time: z.nullable(dateTime),
    status: openEnum(SCHEDULE_STATUSES),
    variables: jsonObject,
    sla: z.nullable(z.number().check(z.int())),
    settings: jsonObject,
    token: z.nullable(z.string()),
    repo_path: z.string(),
    global_data_product_uuid: z.nullable(z.string()),
    last_enabled_at: z.nullable(dateTime),
    created_at: dateTime,
    updated_at: dateTime,
    event_matchers: z.optional(z.array(EventMatcher)),
    tags: z.optional(z.array(z.string())),
    next_pipeline_run_date: z.optional(z.nullable(dateTime)),
    last_pipeline_run_status: z.optional(z.nullable(z.string())),
    pipeline_runs_count: z.optional(z.nullable(z.number().check(z.int()))),
    pipeline_in_progress_runs_count: z.optional(z.nullable(z.number().check(z.int()))),
  }),
  { id: 'PipelineSchedule' },
);
export type PipelineSchedule = z.infer<typeof PipelineSchedule>;

/** What the server reads as a start time: Mage's `2023-03-06 04:53:00` or ISO 8601, with a real month, day, hour and minute. */
export const START_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?)?$/;

const fields = {
  description: z.optional(z.nullable(z.string().check(z.maxLength(10_000)))),
  schedule_type: z.optional(z.nullable(z.enum(SCHEDULE_TYPES))),
  schedule_interval: z.optional(interval),
  start_time: z.optional(z.nullable(z.string().check(z.regex(START_TIME)))),
  status: z.optional(z.enum(SCHEDULE_STATUSES)),
  variables: z.optional(z.record(z.string(), z.unknown())),
  sla: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0)))),
  settings: z.optional(ScheduleSettings),
  tags: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(255))).check(z.maxLength(100))),
  event_matchers: z.optional(z.array(EventMatcher).check(z.maxLength(100))),
  repo_path: z.optional(z.string().check(z.maxLength(1024))),
};

export const PipelineScheduleCreate = withMeta(
  z.object({
    name: z.string().check(z.minLength(1), z.maxLength(255)),
    ...fields,
    token: z.optional(z.string().check(z.regex(/^\w{1,255}$/))),
  }),
  { id: 'PipelineScheduleCreate' },
);
export type PipelineScheduleCreate = z.infer<typeof PipelineScheduleCreate>;

export const PipelineScheduleUpdate = withMeta(
  z.object({
    id: z.optional(z.number().check(z.int())),
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
    ...fields,
    last_enabled_at: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
    rotate_token: z.optional(z.boolean()),
  }),
  { id: 'PipelineScheduleUpdate' },
);
export type PipelineScheduleUpdate = z.infer<typeof PipelineScheduleUpdate>;
