import { defineExamples } from './define.js';
import { pipelineWithRun } from './pipeline-schedules.js';

/**
 * Their OpenAPI examples come from the orchestration session (pipeline_schedules.ts). In the auth
 * matrix every cell is let through: the routes read no API key or session, only the trigger's token.
 */
export const apiTriggerWithTokenExamples = defineExamples('pipelineSchedules.pipelineRunsWithToken', {
  openapi: async () => {},
  authMatrix: {
    prepare: pipelineWithRun,
    targets: { create: ({ schedule, token }) => ({ path: `/api/pipeline_schedules/${schedule}/pipeline_runs/${token}` }) },
  },
});

export const apiTriggerExamples = defineExamples('pipelineSchedules.apiTrigger', {
  openapi: async () => {},
  authMatrix: {
    prepare: pipelineWithRun,
    targets: { create: ({ schedule, token }) => ({ path: `/api/pipeline_schedules/${schedule}/api_trigger`, headers: { Authorization: `Bearer ${token}` } }) },
  },
});
