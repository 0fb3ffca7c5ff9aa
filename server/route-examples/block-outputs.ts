import { defineExamples } from './define.js';
import { pipelineWithRun } from './pipeline-schedules.js';

/** Its OpenAPI examples come from the session above. */
export const blockOutputDownloadsExamples = defineExamples('pipelines.blockOutputs', {
  openapi: async () => {},
  authMatrix: {
    prepare: pipelineWithRun,
    targets: {
      download: ({ pipeline, run }) => ({ path: `/api/pipelines/${pipeline}/block_outputs/${pipeline}_b/downloads`, query: { pipeline_run_id: run! } }),
    },
  },
});
