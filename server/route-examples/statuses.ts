import { defineExamples } from './define.js';

export const statusesExamples = defineExamples('statuses', {
  openapi: async (run) => {
    await run('statuses.health', {});
    await run('statuses.list', {});
  },
  authMatrix: { targets: { health: () => ({ path: '/api/status' }), list: () => ({ path: '/api/statuses' }) } },
});
