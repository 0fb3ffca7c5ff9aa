import { defineExamples } from './define.js';

export const statusExamples = defineExamples('statuses', {
  openapi: async (run) => {
    await run('statuses.list', {});
    await run('statuses.listPlural', {});
  },
  authMatrix: { targets: { list: () => ({ path: '/api/status' }), listPlural: () => ({ path: '/api/statuses' }) } },
});
