import { itemOf } from '@pipeline-api/core/fixtures';
import { defineExamples } from './define.js';
import { pipelineWithRun } from './pipeline-schedules.js';

export const monitorStatsExamples = defineExamples('monitorStats', {
  openapi: async (run, advance) => {
    const pipeline_uuid = 'daily_counts';
    await run('pipelines.create', {}, { pipeline: { name: 'daily counts' } });
    await run('pipelines.blocks.create', { pipeline_uuid }, { block: { name: 'load', type: 'data_loader' } });
    const trigger = itemOf(
      await run('pipelines.pipelineSchedules.create', { pipeline_uuid }, { pipeline_schedule: { name: 'on demand', schedule_type: 'api', status: 'active' } }),
      'pipeline_schedule',
    );
    await run('pipelineSchedules.pipelineRuns.create', { pipeline_schedule_id: String(trigger.id) }, { pipeline_run: {} });
    advance(10_000);
    await run('monitorStats.detail', { type: 'pipeline_run_count' }, undefined, { group_by_pipeline_type: '1' });
    await run('monitorStats.detail', { type: 'pipeline_run_count' }, undefined, { pipeline_uuid });
    await run('monitorStats.detail', { type: 'pipeline_run_time' }, undefined, { pipeline_uuid });
    await run('monitorStats.detail', { type: 'block_run_count' }, undefined, { pipeline_uuid });
    await run('monitorStats.detail', { type: 'block_run_time' }, undefined, { pipeline_uuid });
    await run('monitorStats.detail', { type: 'pipeline_run_counts' });
  },
  authMatrix: {
    prepare: pipelineWithRun,
    targets: {
      detail: ({ pipeline }) => ({ path: '/api/monitor_stats/pipeline_run_count', query: { pipeline_uuid: String(pipeline) } }),
    },
  },
});
