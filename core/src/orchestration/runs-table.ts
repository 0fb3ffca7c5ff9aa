import { defineTable } from '../repository/table.js';
import { RunIndex, type RunRecord } from './runs.js';

/** Runs by integer id, their block runs inside, with the lookups lists and ticks use. */
export const runsTable = defineTable({
  name: 'pipeline_runs',
  key: (run: RunRecord) => run.id,
  extend: (_runs, repo) => {
    const index = new RunIndex();
    return {
      onChange: (before: RunRecord | undefined, after: RunRecord | undefined) => index.update(before, after),
      lookups: {
        index,
        /** Ids are never reused, even after a rollback, a delete or a restart. */
        nextId: repo.openCounter('pipeline_runs'),
        nextBlockRunId: repo.openCounter('block_runs'),
      },
    };
  },
});
