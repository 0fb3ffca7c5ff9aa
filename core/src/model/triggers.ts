import type { PipelineScheduleCreate } from '@pipeline-api/contract';
import { defineTable } from '../repository/table.js';
import { ScheduleIndex } from './trigger-index.js';

/** A trigger as stored. Times are ms since the epoch. */
export interface ScheduleRecord {
  id: number;
  pipeline_uuid: string;
  name: string;
  description: string | null;
  schedule_type: 'api' | 'event' | 'time' | null;
  schedule_interval: string | null;
  start_time: number | null;
  status: 'active' | 'inactive';
  variables: Record<string, unknown>;
  sla: number | null;
  settings: ScheduleSettings;
  /** 32 hex by default; compared in constant time by the API trigger URLs. */
  token: string;
  tags: string[];
  event_matchers: EventMatcherRecord[];
  repo_path: string;
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
