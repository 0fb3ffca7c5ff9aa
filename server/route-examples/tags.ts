import { defineExamples } from './define.js';

export const tagsExamples = defineExamples('tags', {
  openapi: async (run) => {
    await run('pipelines.create', {}, { pipeline: { name: 'tagged', tags: ['nightly'] } });
    await run('tags.create', {}, { tag: { name: 'finance', description: 'Owned by the finance team' } });
    await run('tags.create', {}, { tag: { name: 'finance' } });
    await run('tags.list', {});
    await run('pipelines.delete', { uuid: 'tagged' });
  },
  authMatrix: {
    targets: {
      list: () => ({ path: '/api/tags' }),
      create: (_, n) => ({ path: '/api/tags', body: { tag: { name: `tag${n}` } } }),
    },
  },
});
