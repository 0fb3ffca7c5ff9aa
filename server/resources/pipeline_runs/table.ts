import { defineTable } from '../../core/repository/table.js';
import { RunIndex, type RunRecord } from './record.js';

/** Runs by integer id, their block runs inside, with the lookups lists and ticks use. */
export const runsTable = defineTable({
  name: 'pipeline_runs',
  key: (run: RunRecord) => run.id,
  extend: () => {
    const index = new RunIndex();
    let lastId = 0;
    let lastBlockRunId = 0;
    return {
      onChange: (before: RunRecord | undefined, after: RunRecord | undefined) => index.update(before, after),
      lookups: {
        index,
        /** Ids are never reused, even after a rollback or a delete. */
        nextId: () => ++lastId,
        nextBlockRunId: () => ++lastBlockRunId,
      },
    };
  },
});
