import { defineRouteDocs } from '../define.js';

const apiTriggerDescription =
  'No API key or session: the trigger’s token instead. An unknown trigger, a trigger that is not an `api` trigger, and a missing or wrong token all get the same 403 `unauthorized_access`. Top-level keys other than `pipeline_run` become `event_variables`. The run starts when the trigger is active. Bounded (docs/runs.md): variables and event variables over `MAX_RUN_VARIABLES_BYTES` (64 KiB) are a 413, a run past `MAX_WAITING_RUNS_PER_TRIGGER` (100) waiting runs a 429, a client past `API_TRIGGER_MAX_FAILURES` (20) wrong tokens for this trigger in the login window gets 429s for its wrong ones (a right token is always answered), and a trigger keeps at most `MAX_RUN_VARIABLES_BYTES_PER_TRIGGER` (8 MiB) of variables in its runs, its oldest finished runs deleted first.';

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
