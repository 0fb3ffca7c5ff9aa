import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { described } from '../annotate.js';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { queryList } from '../primitives.js';
import { PipelineSchedule, PipelineScheduleCreate, PipelineScheduleUpdate } from '../schemas/pipeline-schedule.js';
import { ApiTriggerBody, PipelineRun, PipelineRunCreate } from '../schemas/pipeline-run.js';
import { resourceTag, routeMeta } from '../route-meta.js';

const c = initContract();
const scheduleTag = resourceTag({
  name: 'triggers',
  description: 'Triggers (Mage’s pipeline schedules): `time` on an interval or cron, `api` called by URL with a token, `event`. Inactive until enabled.',
});
const runTag = resourceTag({
  name: 'runs',
  description: 'Pipeline runs: `initial -> running -> completed | failed | cancelled`, moved by the scheduler; block execution is simulated (docs/runs.md).',
});
const apiTriggerTag = resourceTag({ name: 'api-triggers', description: 'The API trigger URLs: no API key or session, the trigger’s token instead.' });
const ScheduleEnvelope = memberEnvelope('pipeline_schedule', PipelineSchedule);
const RunEnvelope = memberEnvelope('pipeline_run', PipelineRun);

const scheduleListQuery = z.extend(listQuery, {
  'schedule_type[]': described(z.optional(queryList), 'Only these types: api, event, time'),
  'schedule_interval[]': described(z.optional(queryList), 'Only these intervals'),
  'status[]': described(z.optional(queryList), 'Only these statuses: active, inactive'),
  'tag[]': described(z.optional(queryList), 'Only triggers with one of these tags'),
  order_by: described(
    z.optional(z.enum(['created_at', 'name', 'pipeline_uuid', 'status', 'schedule_type'])),
    'created_at sorts newest first, the others ascending; default: newest id first',
  ),
});

/** `/api/pipelines/:pipeline_uuid/pipeline_schedules`: one pipeline's triggers. */
export const pipelineSchedulesOfPipeline = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/pipeline_schedules',
    query: scheduleListQuery,
    responses: responses(listEnvelope('pipeline_schedules', PipelineSchedule)),
    summary: "List a pipeline's triggers",
    description: 'Newest first; with run counts and the last run’s status (null when the trigger has no runs).',
    metadata: routeMeta({ resource: 'pipeline_schedules', parent: 'pipelines', action: 'list', tag: scheduleTag }),
  },
  create: {
    method: 'POST',
    path: '/api/pipelines/:pipeline_uuid/pipeline_schedules',
    query: memberQuery,
    body: z.object({ pipeline_schedule: PipelineScheduleCreate, api_key: z.optional(z.string()) }),
    responses: responses(ScheduleEnvelope),
    summary: 'Create a trigger',
    description:
      'Inactive unless `status: active`. A new 32-hex `token` is made for API triggers (every trigger has one, as Mage); an owner-chosen `token` weaker than that (under about 128 bits once repeats and runs such as `abc` are discounted, or not URL-safe) is a 400 `record_invalid`. An invalid cron expression, or one with no fire time in the next five years, is a 400 `record_invalid`.',
    metadata: routeMeta({ resource: 'pipeline_schedules', parent: 'pipelines', action: 'create', tag: scheduleTag }),
  },
});

/** `/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs`: one trigger's runs. */
export const pipelineRunsOfSchedule = c.router({
  list: {
    method: 'GET',
    path: '/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs',
    query: z.extend(listQuery, {
      status: described(z.optional(queryList), 'Only runs in these statuses'),
      'status[]': described(z.optional(queryList), 'Only runs in these statuses'),
      disable_retries_grouping: described(z.optional(z.string()), 'Accepted and ignored: runs are never grouped'),
    }),
    responses: responses(listEnvelope('pipeline_runs', PipelineRun)),
    summary: "List a trigger's runs",
    description: 'Newest first (by id); 404 when the trigger does not exist.',
    metadata: routeMeta({ resource: 'pipeline_runs', parent: 'pipeline_schedules', action: 'list', tag: runTag }),
  },
  create: {
    method: 'POST',
    path: '/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs',
    query: memberQuery,
    body: z.object({ pipeline_run: PipelineRunCreate, api_key: z.optional(z.string()) }),
    responses: responses(RunEnvelope),
    summary: 'Run a trigger now',
    description:
      'A new `initial` run; the scheduler starts it on its next tick when the trigger is active (an inactive `time` `@once` trigger is activated, as Mage).',
    metadata: routeMeta({ resource: 'pipeline_runs', parent: 'pipeline_schedules', action: 'create', tag: runTag }),
  },
});

const apiTriggerDescription =
  'No API key or session: the trigger’s token instead. An unknown trigger, a trigger that is not an `api` trigger, and a missing or wrong token all get the same 403 `unauthorized_access`. Top-level keys other than `pipeline_run` become `event_variables`. The run starts when the trigger is active. Bounded (docs/runs.md): variables and event variables over `MAX_RUN_VARIABLES_BYTES` (64 KiB) are a 413, a run past `MAX_WAITING_RUNS_PER_TRIGGER` (100) waiting runs a 429, a client past `API_TRIGGER_MAX_FAILURES` (20) wrong tokens in the login window gets 429s, and a trigger keeps at most `MAX_RUN_VARIABLES_BYTES_PER_TRIGGER` (8 MiB) of variables in its runs, its oldest finished runs deleted first.';

/** The API trigger URL with the token in the path. */
export const apiTriggerWithToken = c.router({
  create: {
    method: 'POST',
    path: '/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs/:token',
    query: memberQuery,
    body: ApiTriggerBody,
    responses: responses(RunEnvelope),
    summary: 'Call an API trigger (token in the path)',
    description: apiTriggerDescription,
    metadata: routeMeta({ resource: 'api_triggers', action: 'create', public: true, tag: apiTriggerTag }),
  },
});

/** The API trigger URL with the token in `Authorization: Bearer`. */
export const apiTrigger = c.router({
  create: {
    method: 'POST',
    path: '/api/pipeline_schedules/:pipeline_schedule_id/api_trigger',
    query: memberQuery,
    body: ApiTriggerBody,
    responses: responses(RunEnvelope),
    summary: 'Call an API trigger (token in `Authorization: Bearer`)',
    description: apiTriggerDescription,
    metadata: routeMeta({ resource: 'api_triggers', action: 'create', public: true, tag: apiTriggerTag }),
  },
});

/** `/api/pipeline_schedules[/:id]`: every trigger, and one trigger. */
export const pipelineSchedules = c.router({
  list: {
    method: 'GET',
    path: '/api/pipeline_schedules',
    query: scheduleListQuery,
    responses: responses(listEnvelope('pipeline_schedules', PipelineSchedule)),
    summary: 'List every trigger',
    description: 'Newest first unless `order_by` says otherwise.',
    metadata: routeMeta({ resource: 'pipeline_schedules', action: 'list', tag: scheduleTag }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipeline_schedules/:id',
    query: memberQuery,
    responses: responses(ScheduleEnvelope),
    summary: 'Read a trigger',
    description: 'With its tags, event matchers and next run date.',
    metadata: routeMeta({ resource: 'pipeline_schedules', action: 'detail', tag: scheduleTag }),
  },
  update: {
    method: 'PUT',
    path: '/api/pipeline_schedules/:id',
    query: memberQuery,
    body: z.object({ pipeline_schedule: PipelineScheduleUpdate, api_key: z.optional(z.string()) }),
    responses: responses(ScheduleEnvelope),
    summary: 'Update, enable, disable a trigger, or rotate its token',
    description: '`rotate_token: true` (owners only) makes a new token; the old one stops working at once.',
    metadata: routeMeta({ resource: 'pipeline_schedules', action: 'update', tag: scheduleTag }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/pipeline_schedules/:id',
    query: memberQuery,
    responses: responses(ScheduleEnvelope),
    summary: 'Delete a trigger',
    description: 'Its runs and their block runs are deleted with it (no orphan runs).',
    metadata: routeMeta({ resource: 'pipeline_schedules', action: 'delete', tag: scheduleTag }),
  },
  pipelineRuns: pipelineRunsOfSchedule,
  pipelineRunsWithToken: apiTriggerWithToken,
  apiTrigger,
});
