import { defineRouteDocs } from '../define.js';

/** The query both trigger lists take. */
const scheduleListQuery = {
  'schedule_type[]': 'Only these types: api, event, time',
  'schedule_interval[]': 'Only these intervals',
  'status[]': 'Only these statuses: active, inactive',
  'tag[]': 'Only triggers with one of these tags',
  order_by: 'created_at sorts newest first, the others ascending; default: newest id first',
};

const apiTriggerDescription =
  'No API key or session: the trigger’s token instead. An unknown trigger, a trigger that is not an `api` trigger, and a missing or wrong token all get the same 403 `unauthorized_access`. Top-level keys other than `pipeline_run` become `event_variables`. The run starts when the trigger is active. Bounded (docs/runs.md): variables and event variables over `MAX_RUN_VARIABLES_BYTES` (64 KiB) are a 413, a run past `MAX_WAITING_RUNS_PER_TRIGGER` (100) waiting runs a 429, a client past `API_TRIGGER_MAX_FAILURES` (20) wrong tokens for this trigger in the login window gets 429s for its wrong ones (a right token is always answered), and a trigger keeps at most `MAX_RUN_VARIABLES_BYTES_PER_TRIGGER` (8 MiB) of variables in its runs, its oldest finished runs deleted first.';

export const pipelineScheduleDocs = defineRouteDocs('pipelines.pipelineSchedules', {
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

export const scheduleDocs = defineRouteDocs(
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

export const scheduleRunDocs = defineRouteDocs('pipelineSchedules.pipelineRuns', {
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

export const apiTriggerWithTokenDocs = defineRouteDocs('pipelineSchedules.pipelineRunsWithToken', {
  create: {
    summary: 'Call an API trigger (token in the path)',
    description: apiTriggerDescription,
  },
});

export const apiTriggerDocs = defineRouteDocs(
  'pipelineSchedules.apiTrigger',
  {
    create: {
      summary: 'Call an API trigger (token in `Authorization: Bearer`)',
      description: apiTriggerDescription,
    },
  },
  { name: 'api-triggers', description: 'The API trigger URLs: no API key or session, the trigger’s token instead.' },
);
