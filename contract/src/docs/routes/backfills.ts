import { defineRouteDocs } from '../define.js';

const includeRunCount = 'Add `total_run_count` (the dates of the window) and `run_status_counts` (the latest run of each date, by status)';
const bound =
  'A backfill makes at most 1000 runs (`MAX_RUNS_PER_BACKFILL`, or `MAX_FINISHED_RUNS_PER_TRIGGER` when lower): a start over more dates is a 400 `record_invalid` naming the count, the latest `end_datetime` that fits and the smallest interval that fits; nothing is made.';

export const pipelineBackfillsDocs = defineRouteDocs('pipelines.backfills', {
  list: {
    summary: "List a pipeline's backfills",
    description:
      'Newest first. Mage ignores the pipeline in this path and lists every backfill; here it lists this pipeline’s, and a missing pipeline is a 404.',
    query: { include_run_count: includeRunCount },
  },
  create: {
    summary: 'Create a backfill',
    description:
      'A draft (`status: null`) with only its name (the only attribute writable on create, as Mage). Set its window with an update, then start it with `status: initial`.',
  },
});

export const backfillsDocs = defineRouteDocs(
  'backfills',
  {
    list: {
      summary: 'List backfills',
      description: 'Newest first (by `created_at`), every pipeline’s unless `pipeline_uuid` says which.',
      query: { pipeline_uuid: 'Only this pipeline’s backfills', include_run_count: includeRunCount },
    },
    detail: {
      summary: 'Read a backfill',
      description:
        'With `include_preview_runs`, `pipeline_run_dates` is one page (`_offset`, `_limit`: 40 by default) of the dates its runs get, computed from the window whether it has started or not.',
      query: { include_run_count: includeRunCount, include_preview_runs: 'Add `pipeline_run_dates`: a page of the run dates and their variables' },
    },
    update: {
      summary: 'Update, start or cancel a backfill',
      description: `While a draft: its window (\`start_datetime\`, \`end_datetime\` inclusive, \`interval_type\`, \`interval_units\`), \`settings.pipeline_run_limit\` (runs at once), \`variables\` (merged under each run's date variables). \`status: initial\` starts it (from a draft, \`failed\` or \`cancelled\`: a new set of runs, one per date, on its \`@once\` trigger "Backfill <name>"); \`status: cancelled\` cancels its unfinished runs. ${bound}`,
    },
    delete: {
      summary: 'Delete a backfill',
      description: 'Its runs (with their block runs) and its trigger are deleted with it.',
    },
  },
  {
    name: 'backfills',
    description: 'Runs of a pipeline over past dates: one run per interval of a window, on a trigger of its own, moved by the scheduler (docs/runs.md).',
  },
);
