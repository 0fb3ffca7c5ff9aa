import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { queryList } from '../primitives.js';
import { PipelineSchedule, PipelineScheduleCreate, PipelineScheduleUpdate } from '../schemas/pipeline-schedules.js';
import { apiTrigger, apiTriggerWithToken } from './api-triggers.js';
import { pipelineRunsOfSchedule } from './pipeline-runs.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const scheduleTag = 'triggers';
const ScheduleEnvelope = memberEnvelope('pipeline_schedule', PipelineSchedule);

const scheduleListQuery = z.extend(listQuery, {
  'schedule_type[]': z.optional(queryList),
  'schedule_interval[]': z.optional(queryList),
  'status[]': z.optional(queryList),
  'tag[]': z.optional(queryList),
  order_by: z.optional(z.enum(['created_at', 'name', 'pipeline_uuid', 'status', 'schedule_type'])),
});

/** `/api/pipelines/:pipeline_uuid/pipeline_schedules`: one pipeline's triggers. */
export const pipelineSchedulesOfPipeline = c.router({
  list: {
    method: 'GET',
    path: '/api/pipelines/:pipeline_uuid/pipeline_schedules',
    query: scheduleListQuery,
    responses: responses(listEnvelope('pipeline_schedules', PipelineSchedule)),
    metadata: routeMeta({ resource: 'pipeline_schedules', parent: 'pipelines', action: 'list', tag: scheduleTag }),
  },
  create: {
    method: 'POST',
    path: '/api/pipelines/:pipeline_uuid/pipeline_schedules',
    query: memberQuery,
    body: z.object({ pipeline_schedule: PipelineScheduleCreate, api_key: z.optional(z.string()) }),
    responses: responses(ScheduleEnvelope),
    metadata: routeMeta({ resource: 'pipeline_schedules', parent: 'pipelines', action: 'create', tag: scheduleTag }),
  },
});

/** `/api/pipeline_schedules[/:id]`: every trigger, and one trigger. */
export const pipelineSchedules = c.router({
  list: {
    method: 'GET',
    path: '/api/pipeline_schedules',
    query: scheduleListQuery,
    responses: responses(listEnvelope('pipeline_schedules', PipelineSchedule)),
    metadata: routeMeta({ resource: 'pipeline_schedules', action: 'list', tag: scheduleTag }),
  },
  detail: {
    method: 'GET',
    path: '/api/pipeline_schedules/:id',
    query: memberQuery,
    responses: responses(ScheduleEnvelope),
    metadata: routeMeta({ resource: 'pipeline_schedules', action: 'detail', tag: scheduleTag }),
  },
  update: {
    method: 'PUT',
    path: '/api/pipeline_schedules/:id',
    query: memberQuery,
    body: z.object({ pipeline_schedule: PipelineScheduleUpdate, api_key: z.optional(z.string()) }),
    responses: responses(ScheduleEnvelope),
    metadata: routeMeta({ resource: 'pipeline_schedules', action: 'update', tag: scheduleTag }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/pipeline_schedules/:id',
    query: memberQuery,
    responses: responses(ScheduleEnvelope),
    metadata: routeMeta({ resource: 'pipeline_schedules', action: 'delete', tag: scheduleTag }),
  },
  pipelineRuns: pipelineRunsOfSchedule,
  pipelineRunsWithToken: apiTriggerWithToken,
  apiTrigger,
});
