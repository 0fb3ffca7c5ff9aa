import { defineExamples } from './define.js';

export const pipelinesExamples = defineExamples('pipelines', {
  openapi: async (run) => {
    const uuid = 'arwen_starlight';
    await run('pipelines.detail', { uuid: 'missing' });
    await run('pipelines.create', {}, { pipeline: { name: 'arwen-starlight', type: 'python', description: 'Nightly load', tags: ['nightly'] } });
    await run('pipelines.create', {}, { pipeline: { name: 'arwen starlight' } });
    await run('pipelines.blocks.create', { pipeline_uuid: uuid }, { block: { name: 'load data', type: 'data_loader', content: 'df = load()\n' } });
    await run(
      'pipelines.blocks.create',
      { pipeline_uuid: uuid },
      { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load_data'], language: 'python' } },
    );
    await run('pipelines.list', {}, undefined, { _limit: '10' });
    await run('pipelines.detail', { uuid });
    await run('pipelines.update', { uuid }, { pipeline: { blocks: [{ uuid: 'missing' }] } });
    await run('pipelines.update', { uuid }, { pipeline: { type: 'integration', description: 'Hourly load' } });
    await run('pipelines.delete', { uuid });
    await run('pipelines.delete', { uuid });
  },
  authMatrix: {
    prepare: async (owner, n) => {
      await owner('POST', '/api/pipelines', { pipeline: { name: `m${n}` } });
      return { pipeline: `m${n}` };
    },
    targets: {
      list: () => ({ path: '/api/pipelines', query: { _limit: '1' } }),
      create: (_, n) => ({ path: '/api/pipelines', body: { pipeline: { name: `new ${n}` } } }),
      detail: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}` }),
      update: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}`, body: { pipeline: { description: 'd' } } }),
      delete: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}` }),
    },
  },
});
