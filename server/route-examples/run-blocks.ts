import { defineExamples } from './define.js';
import { pipelineWithRun } from './pipeline-schedules.js';

export const runBlocksExamples = defineExamples('pipelineRuns.blocks', {
  openapi: async () => {},
  authMatrix: { prepare: pipelineWithRun, targets: { list: ({ run }) => ({ path: `/api/pipeline_runs/${run}/blocks` }) } },
});
