import { initContract } from '../dsl.js';
import { memberEnvelope, responses } from '../envelope.js';
import { memberQuery } from '../meta.js';
import { ApiTriggerBody, PipelineRun } from '../schemas/pipeline-runs.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const apiTriggerTag = 'api-triggers';
const RunEnvelope = memberEnvelope('pipeline_run', PipelineRun);

/** The API trigger URL with the token in the path. */
export const apiTriggerWithToken = c.router({
  create: {
    method: 'POST',
    path: '/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs/:token',
    query: memberQuery,
    body: ApiTriggerBody,
    responses: responses(RunEnvelope),
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
    metadata: routeMeta({ resource: 'api_triggers', action: 'create', public: true, tag: apiTriggerTag }),
  },
});
