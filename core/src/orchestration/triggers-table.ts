import { defineTable } from '../repository/table.js';
import { ScheduleIndex } from './trigger-index.js';
import type { ScheduleRecord } from './triggers.js';

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
