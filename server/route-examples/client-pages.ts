import { defineExamples } from './define.js';

export const clientPagesExamples = defineExamples('clientPages', {
  openapi: async (run) => {
    await run('pipelines.create', {}, { pipeline: { name: 'nightly' } });
    await run('clientPages.detail', { uuid: 'pipeline_schedule:create' }, undefined, { 'pipelines[]': 'nightly' });
    await run('clientPages.detail', { uuid: 'pipeline_schedule:delete' });
    await run('clientPages.list', {});
    await run('pipelines.delete', { uuid: 'nightly' });
  },
  authMatrix: {
    targets: {
      list: () => ({ path: '/api/client_pages' }),
      detail: () => ({ path: '/api/client_pages/pipeline_schedule:create' }),
    },
  },
});
