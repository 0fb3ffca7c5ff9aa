import { defineExamples } from './define.js';

export const blockTemplatesExamples = defineExamples('blockTemplates', {
  openapi: async (run) => {
    await run('blockTemplates.list', {}, undefined, { show_all: 'false', _limit: '2' });
  },
  authMatrix: { prepare: async () => ({}), targets: { list: () => ({ path: '/api/block_templates' }) } },
});
