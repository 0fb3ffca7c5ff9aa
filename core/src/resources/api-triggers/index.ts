import { definePolicy } from '../../policy.js';
import { defineResource } from '../../resource.js';
import { runPresenter } from '../../views/runs.js';
import { always } from '../../auth/rules.js';
import { apiTriggerResource, apiTriggerWithTokenResource } from './resource.js';

/** Public routes (no API key or session): the resource checks the trigger's token itself. */
const policy = definePolicy({
  resource: 'pipeline_runs',
  actions: { create: always },
  tokenless: ['create'],
  writes: { create: { variables: always } },
  queries: { create: [] },
});

/** `POST /api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs/:token`. */
export const apiTriggerWithToken = defineResource('pipelineSchedules.pipelineRunsWithToken', {
  resource: apiTriggerWithTokenResource,
  policy,
  presenter: runPresenter,
});

/** `POST /api/pipeline_schedules/:pipeline_schedule_id/api_trigger` with `Authorization: Bearer <token>`. */
export const apiTrigger = defineResource('pipelineSchedules.apiTrigger', {
  resource: apiTriggerResource,
  policy,
  presenter: runPresenter,
});
