import { defineRouteDocs } from '../define.js';

/** The query both trigger lists take. */
const scheduleListQuery = {
  'schedule_type[]': 'Only these types: api, event, time',
  'schedule_interval[]': 'Only these intervals',
  'status[]': 'Only these statuses: active, inactive',
  'tag[]': 'Only triggers with one of these tags',
  order_by: 'created_at sorts newest first, the others ascending; default: newest id first',
};

export const pipelinePipelineSchedulesDocs = defineRouteDocs('pipelines.pipelineSchedules', {
  list: {
    summary: "List a pipeline's triggers",
    description: 'Newest first; with run counts and the last run’s status (null when the trigger has no runs).',
    query: scheduleListQuery,
  },
  create: {
    summary: 'Create a trigger',
    description:
      'Inactive unless `status: active`. A new 32-hex `token` is made for API triggers (every trigger has one, as Mage); an owner-chosen `token` weaker than that (under about 128 bits once repeats and runs such as `abc` are discounted, or not URL-safe) is a 400 `record_invalid`. An invalid cron expression, or one with no fire time in the next five years, is a 400 `record_invalid`.',
  },
});

export const pipelineSchedulesDocs = defineRouteDocs(
  'pipelineSchedules',
  {
    list: {
      summary: 'List every trigger',
      description: 'Newest first unless `order_by` says otherwise.',
      query: scheduleListQuery,
    },
    detail: {
      summary: 'Read a trigger',
      description: 'With its tags, event matchers and next run date.',
    },
    update: {
      summary: 'Update, enable, disable a trigger, or rotate its token',
      description: '`rotate_token: true` (owners only) makes a new token; the old one stops working at once.',
    },
    delete: {
      summary: 'Delete a trigger',
      description: 'Its runs and their block runs are deleted with it (no orphan runs).',
    },
  },
  {
    name: 'triggers',
    description: 'Triggers (Mage’s pipeline schedules): `time` on an interval or cron, `api` called by URL with a token, `event`. Inactive until enabled.',
  },
);
