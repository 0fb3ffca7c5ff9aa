import * as z from 'zod';
import { dateTime, jsonObject, openEnum } from '../primitives.js';

export const BLOCK_RUN_STATUSES = ['initial', 'queued', 'running', 'completed', 'failed', 'cancelled', 'upstream_failed', 'condition_failed'] as const;
export type BlockRunStatus = (typeof BLOCK_RUN_STATUSES)[number];

export const BlockRun = z
  .object({
    id: z.number().int(),
    pipeline_run_id: z.number().int(),
    block_uuid: z.string(),
    status: openEnum(BLOCK_RUN_STATUSES),
    started_at: dateTime.nullable(),
    completed_at: dateTime.nullable(),
    created_at: dateTime,
    updated_at: dateTime,
    metrics: jsonObject.nullable(),
    pipeline_schedule_id: z.number().int().nullable().optional(),
    pipeline_schedule_name: z.string().nullable().optional(),
  })
  .meta({ id: 'BlockRun' });
export type BlockRun = z.infer<typeof BlockRun>;
