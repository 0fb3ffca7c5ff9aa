import { defineTable } from '../../core/repository/table.js';
import { ScheduleIndex, type ScheduleRecord } from './record.js';

/** Triggers by integer id, with their lookups (by pipeline; the active time triggers a tick visits). */
export const schedulesTable = defineTable({
  name: 'pipeline_schedules',
  key: (schedule: ScheduleRecord) => schedule.id,
  extend: () => {
    const index = new ScheduleIndex();
    let lastId = 0;
    return {
      onChange: (before: ScheduleRecord | undefined, after: ScheduleRecord | undefined) => index.update(before, after),
      lookups: {
        index,
        /** Ids are never reused, even after a rollback or a delete. */
        nextId: () => ++lastId,
      },
    };
  },
});
