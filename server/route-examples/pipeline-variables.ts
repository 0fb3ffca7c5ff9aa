import { defineExamples } from './define.js';

export const pipelineVariablesExamples = defineExamples('pipelineVariables', {
  openapi: async (run) => {
    const pipeline_uuid = 'nightly_export';
    await run('pipelines.create', {}, { pipeline: { name: 'nightly export' } });
    await run('pipelineVariables.create', { pipeline_uuid }, { variable: { name: '1 bad', value: 'x' } });
    await run('pipelineVariables.create', { pipeline_uuid }, { variable: { name: 'region', value: 'eu-west-1' } });
    await run('pipelineVariables.create', { pipeline_uuid }, { variable: { name: 'batch_size', value: 500 } });
    await run('pipelineVariables.update', { pipeline_uuid, name: 'region' }, { variable: { name: 'region', value: 'us-east-2' } });
    await run('pipelineVariables.update', { pipeline_uuid, name: 'region' }, { variable: { name: 'region', value: null } });
    await run('pipelineVariables.list', { pipeline_uuid }, undefined, { global_only: 'true' });
    await run('pipelineVariables.delete', { pipeline_uuid, name: 'batch_size' });
    await run('pipelineVariables.delete', { pipeline_uuid, name: 'batch_size' });
    await run('pipelines.delete', { uuid: pipeline_uuid });
  },
  authMatrix: {
    prepare: async (owner, n) => {
      await owner('POST', '/api/pipelines', { pipeline: { name: `gv${n}` } });
      await owner('POST', `/api/pipelines/gv${n}/variables`, { variable: { name: 'k', value: 1 } });
      return { pipeline: `gv${n}` };
    },
    targets: {
      list: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/variables`, query: { global_only: 'true' } }),
      create: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/variables`, body: { variable: { name: 'other', value: 2 } } }),
      update: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/variables/k`, body: { variable: { name: 'k', value: 3 } } }),
      delete: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/variables/k` }),
    },
  },
});
