import * as z from 'zod/mini';
import { described, withMeta } from '../annotate.js';
import { dateTime, jsonObject, openEnum } from '../primitives.js';

/** Mage's enums (`data_preparation/models/triggers/__init__.py`). Responses accept values a newer server adds. */
export const SCHEDULE_TYPES = ['api', 'event', 'time'] as const;
export const SCHEDULE_STATUSES = ['active', 'inactive'] as const;
export const SCHEDULE_INTERVAL_PRESETS = ['@once', '@hourly', '@daily', '@weekly', '@monthly', '@always_on'] as const;
export const TIMEOUT_STATUSES = ['failed', 'cancelled'] as const;

export const ScheduleSettings = withMeta(
  z.object({
    skip_if_previous_running: described(z.optional(z.boolean()), 'A due run is created `cancelled` while another run of this trigger is in progress'),
    allow_blocks_to_fail: described(z.optional(z.boolean()), 'A failed block does not stop the other branches; the run still ends `failed`'),
    create_initial_pipeline_run: described(z.optional(z.boolean()), 'Also fire for the interval already open when the trigger was enabled'),
    landing_time_enabled: described(z.optional(z.boolean()), 'Accepted and stored; not simulated'),
    pipeline_run_limit: described(
      z.optional(z.nullable(z.number().check(z.int(), z.minimum(1)))),
      'At most this many running runs of this trigger; the others wait `initial`',
    ),
    timeout: described(z.optional(z.nullable(z.number().check(z.int(), z.minimum(1)))), 'Seconds a run may run before it ends with `timeout_status`'),
    timeout_status: described(z.optional(z.nullable(z.enum(TIMEOUT_STATUSES))), '`failed` (default) or `cancelled`'),
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

const interval = described(
  z.nullable(z.string().check(z.maxLength(50))),
  '`@once @hourly @daily @weekly @monthly @always_on` or a cron expression (5 fields; UTC)',
);

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
    sla: described(z.nullable(z.number().check(z.int())), 'Seconds after the execution date by which a run should be done'),
    settings: jsonObject,
    token: described(z.nullable(z.string()), 'The API trigger token (32 hex); null for viewers'),
    repo_path: z.string(),
    global_data_product_uuid: z.nullable(z.string()),
    last_enabled_at: z.nullable(dateTime),
    created_at: dateTime,
    updated_at: dateTime,
    event_matchers: z.optional(z.array(EventMatcher)),
    tags: z.optional(z.array(z.string())),
    next_pipeline_run_date: described(z.optional(z.nullable(dateTime)), 'null for @once, @always_on, api and event triggers'),
    last_pipeline_run_status: z.optional(z.nullable(z.string())),
    pipeline_runs_count: described(z.optional(z.nullable(z.number().check(z.int()))), 'null when the trigger has no runs (as Mage)'),
    pipeline_in_progress_runs_count: z.optional(z.nullable(z.number().check(z.int()))),
  }),
  { id: 'PipelineSchedule' },
);
export type PipelineSchedule = z.infer<typeof PipelineSchedule>;

/** What the server reads as a start time: Mage's `2023-03-06 04:53:00` or ISO 8601, with a real month, day, hour and minute. */
const START_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])([ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)?)?$/;

const fields = {
  description: z.optional(z.nullable(z.string().check(z.maxLength(10_000)))),
  schedule_type: z.optional(z.nullable(z.enum(SCHEDULE_TYPES))),
  schedule_interval: z.optional(interval),
  start_time: described(
    z.optional(z.nullable(z.string().check(z.regex(START_TIME)))),
    '`YYYY-MM-DD[ HH:MM[:SS[.ffffff]]]` (UTC unless it ends with `Z` or `+HH:MM`); `T` may stand for the space (ISO 8601)',
  ),
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
    token: described(z.optional(z.string().check(z.regex(/^\w{1,255}$/))), 'Owners only: a token of your own'),
  }),
  { id: 'PipelineScheduleCreate' },
);
export type PipelineScheduleCreate = z.infer<typeof PipelineScheduleCreate>;

export const PipelineScheduleUpdate = withMeta(
  z.object({
    id: described(z.optional(z.number().check(z.int())), 'Ignored (Mage’s UI sends it)'),
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
    ...fields,
    last_enabled_at: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
    rotate_token: described(z.optional(z.boolean()), 'Owners only: a new token; the old one stops working at once'),
  }),
  { id: 'PipelineScheduleUpdate' },
);
export type PipelineScheduleUpdate = z.infer<typeof PipelineScheduleUpdate>;
