import type { PipelineSchedule, PipelineScheduleCreate } from '@pipeline-api/contract';
import { defineTable } from '../repository/table.js';
import { ScheduleIndex } from './trigger-index.js';

/** Attributes a trigger presents from something else than a field of its own name and type (times, counts, the token). */
type PresentedOtherwise =
  | 'start_time'
  | 'last_enabled_at'
  | 'created_at'
  | 'updated_at'
  | 'token'
  | 'tags'
  | 'global_data_product_uuid'
  | 'next_pipeline_run_date'
  | 'last_pipeline_run_status'
  | 'pipeline_runs_count'
  | 'pipeline_in_progress_runs_count';
/** Stored as the contract accepts them rather than as it presents them. */
type StoredAsAccepted = 'schedule_type' | 'status' | 'settings' | 'event_matchers';
type StoredAsPresented = { [K in Exclude<keyof PipelineSchedule, PresentedOtherwise | StoredAsAccepted>]-?: Exclude<PipelineSchedule[K], undefined> };

/** A trigger as stored: the contract's attributes of a trigger, each present, and these. Times are ms since the epoch. */
export interface ScheduleRecord extends StoredAsPresented {
  schedule_type: NonNullable<PipelineScheduleCreate['schedule_type']> | null;
  status: NonNullable<PipelineScheduleCreate['status']>;
  settings: ScheduleSettings;
  event_matchers: EventMatcherRecord[];
  start_time: number | null;
  /** 32 hex by default; compared in constant time by the API trigger URLs. */
  token: string;
  tags: string[];
  last_enabled_at: number | null;
  created_at: number;
  updated_at: number;
  /** The latest execution date the scheduler fired for this trigger: a date never fires twice. */
  last_fired_execution_date: number | null;
}

/** A trigger's settings as the contract accepts them (stored as sent). */
export type ScheduleSettings = NonNullable<PipelineScheduleCreate['settings']>;

/** An event matcher as the contract accepts it (stored as sent). */
export type EventMatcherRecord = NonNullable<PipelineScheduleCreate['event_matchers']>[number];

/** Triggers by integer id, with their lookups (by pipeline; the active time triggers a tick visits). */
export const schedulesTable = defineTable({
  name: 'pipeline_schedules',
  key: (schedule: ScheduleRecord) => schedule.id,
  extend: (_schedules, repo) => {
    const index = new ScheduleIndex();
    return {
      onChange: (before: ScheduleRecord | undefined, after: ScheduleRecord | undefined) => index.update(before, after),
      lookups: {
        index,
        /** Ids are never reused, even after a rollback, a delete or a restart. */
        nextId: repo.openCounter('pipeline_schedules'),
      },
    };
  },
});
