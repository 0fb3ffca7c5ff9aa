import { itemOf } from '@pipeline-api/core/fixtures';
import { defineExamples } from './define.js';

export const pipelineTriggersExamples = defineExamples('pipelineTriggers', {
  openapi: async (run) => {
    const pipeline_uuid = 'hourly_sync';
    await run('pipelines.create', {}, { pipeline: { name: 'hourly sync' } });
    const stored = itemOf(
      await run(
        'pipelines.pipelineSchedules.create',
        { pipeline_uuid },
        { pipeline_schedule: { name: 'every hour', schedule_type: 'time', schedule_interval: '@hourly', start_time: '2026-01-01 00:00:00' } },
      ),
      'pipeline_schedule',
    );
    await run('pipelineTriggers.create', { pipeline_uuid }, { pipeline_trigger: {} });
    await run('pipelineTriggers.create', { pipeline_uuid }, { pipeline_trigger: { pipeline_schedule_id: Number(stored.id) } });
    await run(
      'pipelineTriggers.create',
      { pipeline_uuid },
      { pipeline_trigger: { name: 'from CI', schedule_type: 'api', status: 'active', variables: { env: 'prod' }, envs: ['prod'] } },
    );
    await run('pipelineTriggers.list', { pipeline_uuid });
    await run('pipelines.delete', { uuid: pipeline_uuid });
  },
  authMatrix: {
    prepare: async (owner, n) => {
      await owner('POST', '/api/pipelines', { pipeline: { name: `tc${n}` } });
      return { pipeline: `tc${n}` };
    },
    targets: {
      list: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/pipeline_triggers` }),
      create: ({ pipeline }) => ({
        path: `/api/pipelines/${pipeline}/pipeline_triggers`,
        body: { pipeline_trigger: { name: 'in code', schedule_type: 'api' } },
      }),
    },
  },
});
