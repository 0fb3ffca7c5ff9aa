import { defineExamples } from './define.js';

export const secretsExamples = defineExamples('secrets', {
  openapi: async (run) => {
    await run('secrets.create', {}, { secret: { name: '1password', value: 'example-value' } });
    await run('secrets.create', {}, { secret: { name: 'warehouse_password', value: 'example-value' } });
    await run('secrets.list', {}, undefined, { _limit: 'many' });
    await run('secrets.list', {});
    await run('secrets.delete', { name: 'missing' });
    await run('secrets.delete', { name: 'warehouse_password' });
  },
  authMatrix: {
    prepare: async (owner, n) => {
      await owner('POST', '/api/secrets', { secret: { name: `s${n}`, value: 'v' } });
      return { secret: `s${n}` };
    },
    targets: {
      list: () => ({ path: '/api/secrets' }),
      create: (_, n) => ({ path: '/api/secrets', body: { secret: { name: `new${n}`, value: 'v' } } }),
      delete: ({ secret }) => ({ path: `/api/secrets/${secret}` }),
    },
  },
});
