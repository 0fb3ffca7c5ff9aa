import { defineRouteDocs } from '../define.js';

export const pipelineRunsDocs = defineRouteDocs(
  'pipelineRuns',
  {
    list: {
      summary: 'List runs',
      description: 'Newest first (by id); 40 a page unless `_limit` says otherwise. Every value of a multi-value filter counts.',
      query: {
        pipeline_uuid: 'Only this pipeline’s runs',
        'pipeline_uuid[]': 'Only these pipelines’ runs',
        status: 'Only runs in these statuses (one, or comma-separated)',
        'status[]': 'Only runs in these statuses (repeat the param, or comma-separate)',
        disable_retries_grouping: 'Accepted and ignored: runs are never grouped',
        backfill_id: 'Only the runs of this backfill (every set it made: each start after a failure or a cancel adds one)',
        include_pipeline_type: 'true: each run’s `pipeline_type` is its pipeline’s type (else null)',
        include_pipeline_tags: 'true: each run with `pipeline_tags`, its pipeline’s tags',
        include_pipeline_uuids: 'true: `metadata.pipeline_uuids` lists every pipeline’s uuid',
        pipeline_type: 'Only runs of pipelines of this type',
        'pipeline_tag[]': 'Only runs of pipelines with one of these tags (repeat the param, or comma-separate)',
        start_timestamp: 'Only runs created at or after this unix time (seconds)',
        end_timestamp: 'Only runs created at or before this unix time (seconds)',
        'order_by[]':
          'Sort: `<column> asc|desc`, comma-separated (id, created_at, updated_at, execution_date, started_at, completed_at, status, pipeline_uuid, pipeline_schedule_id); newest first when absent',
      },
    },
    detail: {
      summary: 'Read a run',
      description: 'With its block runs. `_format=with_basic_details`: id, status and execution date only (for polling).',
    },
    update: {
      summary: 'Cancel a run, or retry its blocks',
      description:
        '`{status: "cancelled"}` stops an `initial` or `running` run; `{pipeline_run_action: "retry_blocks", from_block_uuid?}` resets the blocks that did not complete (or that block and everything below it) and runs again. Anything else, and a transition the run cannot take, is a 400 `record_invalid`.',
    },
    delete: {
      summary: 'Delete a run',
      description: 'With its block runs; a run in progress simply stops existing (nothing executes outside the scheduler).',
    },
  },
  {
    name: 'runs',
    description: 'Pipeline runs: `initial -> running -> completed | failed | cancelled`, moved by the scheduler; block execution is simulated (docs/runs.md).',
  },
);

export const schedulePipelineRunsDocs = defineRouteDocs('pipelineSchedules.pipelineRuns', {
  list: {
    summary: "List a trigger's runs",
    description: 'Newest first (by id); 404 when the trigger does not exist.',
    query: {
      status: 'Only runs in these statuses',
      'status[]': 'Only runs in these statuses',
      disable_retries_grouping: 'Accepted and ignored: runs are never grouped',
    },
  },
  create: {
    summary: 'Run a trigger now',
    description:
      'A new `initial` run; the scheduler starts it on its next tick when the trigger is active (an inactive `time` `@once` trigger is activated, as Mage).',
  },
});
