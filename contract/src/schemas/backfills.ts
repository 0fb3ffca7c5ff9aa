import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { dateTime, jsonObject, openEnum } from '../primitives.js';

/** Mage's interval types; `custom` steps by `interval_units` seconds. */
export const BACKFILL_INTERVAL_TYPES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year', 'custom'] as const;
export const BACKFILL_STATUSES = ['initial', 'running', 'completed', 'failed', 'cancelled'] as const;
export type BackfillStatus = (typeof BACKFILL_STATUSES)[number];

/** One run date of a backfill: the variables its run gets (Python isoformat datetimes). */
export const BackfillRunDate = withMeta(
  z.object({
    ds: z.string(),
    execution_date: z.string(),
    hr: z.string(),
    interval_end_datetime: z.nullable(z.string()),
    interval_seconds: z.nullable(z.number()),
    interval_start_datetime: z.string(),
    interval_start_datetime_previous: z.nullable(z.string()),
  }),
  { id: 'BackfillRunDate' },
);
export type BackfillRunDate = z.infer<typeof BackfillRunDate>;

/** A backfill as the API shows it (Mage's BackfillPresenter). */
export const Backfill = withMeta(
  z.object({
    id: z.number().check(z.int()),
    name: z.string(),
    pipeline_uuid: z.string(),
    pipeline_schedule_id: z.nullable(z.number().check(z.int())),
    block_uuid: z.nullable(z.string()),
    start_datetime: z.nullable(z.string()),
    end_datetime: z.nullable(z.string()),
    interval_type: z.nullable(openEnum(BACKFILL_INTERVAL_TYPES)),
    interval_units: z.nullable(z.number().check(z.int())),
    settings: z.nullable(jsonObject),
    variables: z.nullable(jsonObject),
    status: z.nullable(openEnum(BACKFILL_STATUSES)),
    metrics: z.nullable(jsonObject),
    created_at: dateTime,
    updated_at: dateTime,
    started_at: z.nullable(dateTime),
    completed_at: z.nullable(dateTime),
    failed_at: z.nullable(dateTime),
    total_run_count: z.optional(z.number().check(z.int())),
    run_status_counts: z.optional(z.record(z.string(), z.number().check(z.int()))),
    pipeline_run_dates: z.optional(z.array(BackfillRunDate)),
  }),
  { id: 'Backfill' },
);
export type Backfill = z.infer<typeof Backfill>;

/** What a create takes: only the name (Mage's BackfillPolicy); the window is set with an update. */
export const BackfillCreate = withMeta(z.object({ name: z.string().check(z.minLength(1), z.maxLength(255)) }), { id: 'BackfillCreate' });
export type BackfillCreate = z.infer<typeof BackfillCreate>;

const datetimeText = z.string().check(z.maxLength(64));

/** A backfill's settings: `pipeline_run_limit` bounds its runs in progress at once; other keys are kept as sent. */
export const BackfillSettings = withMeta(z.looseObject({ pipeline_run_limit: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1)))) }), {
  id: 'BackfillSettings',
});

/** What an update takes: the window, settings and variables (while a draft), a new name, and `status` to start or cancel. */
export const BackfillUpdate = withMeta(
  z.object({
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
    start_datetime: z.optional(z.nullable(datetimeText)),
    end_datetime: z.optional(z.nullable(datetimeText)),
    interval_type: z.optional(z.nullable(z.enum(BACKFILL_INTERVAL_TYPES))),
    interval_units: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1)))),
    settings: z.optional(z.nullable(BackfillSettings)),
    variables: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    status: z.optional(z.enum(['initial', 'cancelled'])),
    block_uuid: z.optional(z.nullable(z.string().check(z.maxLength(255)))),
  }),
  { id: 'BackfillUpdate' },
);
export type BackfillUpdate = z.infer<typeof BackfillUpdate>;
