import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { dateTime, jsonObject, openEnum } from '../primitives.js';
import { SCHEDULE_STATUSES, SCHEDULE_TYPES, ScheduleSettings, START_TIME } from './pipeline-schedules.js';

/** Mage's VALID_ENVS: the environments a trigger kept in code may be limited to. */
export const TRIGGER_ENVS = ['dev', 'prod', 'staging', 'test', 'test_mage'] as const;
/** The most triggers one pipeline keeps in code (the server checks it). */
export const MAX_PIPELINE_TRIGGERS = 100;

/** A trigger kept in code (Mage's `triggers.yaml` entry), as Mage's PipelineTriggerPresenter shows it. */
export const PipelineTrigger = withMeta(
  z.object({
    envs: z.array(z.string()),
    name: z.string(),
    pipeline_uuid: z.string(),
    schedule_interval: z.nullable(z.string()),
    schedule_type: z.nullable(openEnum(SCHEDULE_TYPES)),
    settings: jsonObject,
    sla: z.nullable(z.number().check(z.int())),
    start_time: z.nullable(dateTime),
    status: openEnum(SCHEDULE_STATUSES),
    variables: jsonObject,
  }),
  { id: 'PipelineTrigger' },
);

/**
 * Either `pipeline_schedule_id` (copy a stored trigger of this pipeline into code) or a full trigger with its `name`.
 * A name the pipeline already keeps is replaced, its `envs` kept unless sent.
 */
export const PipelineTriggerCreate = withMeta(
  z.object({
    pipeline_schedule_id: z.optional(z.number().check(z.int(), z.minimum(1))),
    name: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
    pipeline_uuid: z.optional(z.string().check(z.maxLength(255))),
    schedule_type: z.optional(z.nullable(z.enum(SCHEDULE_TYPES))),
    schedule_interval: z.optional(z.nullable(z.string().check(z.maxLength(50)))),
    start_time: z.optional(z.nullable(z.string().check(z.regex(START_TIME)))),
    status: z.optional(z.enum(SCHEDULE_STATUSES)),
    settings: z.optional(ScheduleSettings),
    sla: z.optional(z.nullable(z.number().check(z.int(), z.minimum(0)))),
    variables: z.optional(z.record(z.string(), z.unknown())),
    envs: z.optional(z.array(z.enum(TRIGGER_ENVS)).check(z.maxLength(TRIGGER_ENVS.length))),
  }),
  { id: 'PipelineTriggerCreate' },
);
export type PipelineTriggerCreate = z.infer<typeof PipelineTriggerCreate>;
