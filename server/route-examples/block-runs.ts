import { defineExamples } from './define.js';
import { pipelineWithRun } from './pipeline-schedules.js';

/** Their OpenAPI examples come from the orchestration session (pipeline_schedules.ts). */
export const blockRunsExamples = defineExamples('blockRuns', {
  openapi: async () => {},
  authMatrix: { prepare: pipelineWithRun, targets: { list: () => ({ path: '/api/block_runs', query: { _limit: '1' } }) } },
});

export const pipelineRunBlockRunsExamples = defineExamples('pipelineRuns.blockRuns', {
  openapi: async () => {},
  authMatrix: { prepare: pipelineWithRun, targets: { list: ({ run }) => ({ path: `/api/pipeline_runs/${run}/block_runs` }) } },
});
