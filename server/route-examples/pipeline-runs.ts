import { defineExamples } from './define.js';
import { pipelineWithRun } from './pipeline-schedules.js';

/** Their OpenAPI examples come from the orchestration session (pipeline_schedules.ts). */
export const pipelineRunsExamples = defineExamples('pipelineRuns', {
  openapi: async () => {},
  authMatrix: {
    prepare: pipelineWithRun,
    targets: {
      list: () => ({ path: '/api/pipeline_runs', query: { _limit: '1' } }),
      detail: ({ run }) => ({ path: `/api/pipeline_runs/${run}` }),
      update: ({ run }) => ({ path: `/api/pipeline_runs/${run}`, body: { pipeline_run: { status: 'cancelled' } } }),
      delete: ({ run }) => ({ path: `/api/pipeline_runs/${run}` }),
    },
  },
});

export const schedulePipelineRunsExamples = defineExamples('pipelineSchedules.pipelineRuns', {
  openapi: async () => {},
  authMatrix: {
    prepare: pipelineWithRun,
    targets: {
      list: ({ schedule }) => ({ path: `/api/pipeline_schedules/${schedule}/pipeline_runs` }),
      create: ({ schedule }) => ({ path: `/api/pipeline_schedules/${schedule}/pipeline_runs`, body: { pipeline_run: {} } }),
    },
  },
});
