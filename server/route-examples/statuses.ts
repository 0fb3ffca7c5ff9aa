import { defineExamples } from './define.js';

export const statusExamples = defineExamples('statuses', {
  openapi: async (run) => {
    await run('statuses.list', {});
  },
  authMatrix: { targets: { list: () => ({ path: '/api/status' }) } },
});
