import { defineExamples } from './define.js';
import { pipelineWithRun } from './pipeline-schedules.js';

/** Its OpenAPI examples come from the orchestration session (pipeline_schedules.ts). */
export const pipelineLogsExamples = defineExamples('pipelines.logs', {
  openapi: async () => {},
  authMatrix: { prepare: pipelineWithRun, targets: { list: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/logs` }) } },
});
