import { defineExamples } from './define.js';

export const dataProvidersExamples = defineExamples('dataProviders', {
  openapi: async (run) => {
    await run('dataProviders.list', {}, undefined, { _limit: '2' });
  },
  authMatrix: { prepare: async () => ({}), targets: { list: () => ({ path: '/api/data_providers' }) } },
});
