import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { dateTime, jsonObject, openEnum } from '../primitives.js';

export const BLOCK_RUN_STATUSES = ['initial', 'queued', 'running', 'completed', 'failed', 'cancelled', 'upstream_failed', 'condition_failed'] as const;
export type BlockRunStatus = (typeof BLOCK_RUN_STATUSES)[number];

export const BlockRun = withMeta(
  z.object({
    id: z.number().check(z.int()),
    pipeline_run_id: z.number().check(z.int()),
    block_uuid: z.string(),
    status: openEnum(BLOCK_RUN_STATUSES),
    started_at: z.nullable(dateTime),
    completed_at: z.nullable(dateTime),
    created_at: dateTime,
    updated_at: dateTime,
    metrics: z.nullable(jsonObject),
    pipeline_schedule_id: z.optional(z.nullable(z.number().check(z.int()))),
    pipeline_schedule_name: z.optional(z.nullable(z.string())),
  }),
  { id: 'BlockRun' },
);
export type BlockRun = z.infer<typeof BlockRun>;
