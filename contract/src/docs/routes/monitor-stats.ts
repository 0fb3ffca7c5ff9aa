import { defineRouteDocs } from '../define.js';

export const monitorStatsDocs = defineRouteDocs(
  'monitorStats',
  {
    detail: {
      summary: 'Run statistics by day',
      description:
        '`:type` is `pipeline_run_count` (runs by trigger id, then day, then status; with `group_by_pipeline_type`, day then pipeline type then status), `pipeline_run_time` (mean seconds from creation to completion per day, keyed by `pipeline_uuid`), `block_run_count` or `block_run_time` (the same per block uuid). Days are UTC dates of creation. Any other type is a 404. The window is the last 30 days before `end_time` (now) unless `start_time` says otherwise; at most 100000 runs are examined (narrow with `pipeline_uuid` or `pipeline_schedule_id`).',
      query: {
        pipeline_uuid: 'Only this pipeline’s runs.',
        pipeline_schedule_id: 'Only this trigger’s runs (counts and block times; Mage’s `pipeline_run_time` ignores it).',
        start_time: 'Runs created at or after this time (ISO 8601); 30 days before `end_time` when absent.',
        end_time: 'Runs created at or before this time (ISO 8601); now when absent.',
        group_by_pipeline_type: '`pipeline_run_count` only: each day’s counts by pipeline type (any non-empty value, as Mage’s UI sends `1`).',
      },
    },
  },
  {
    name: 'monitor-stats',
    description: 'Counts and mean durations of runs and block runs by day, computed from the stored runs (the overview page’s charts).',
  },
);
