import { defineExamples } from './define.js';

export const oauthsExamples = defineExamples('oauths', {
  openapi: async (run) => {
    await run('oauths.list', {}, undefined, { redirect_uri: 'http://127.0.0.1:6789/sign-in' });
    await run('oauths.detail', { provider: 'google' });
    await run('oauths.detail', { provider: 'facebook' });
  },
  authMatrix: {
    targets: {
      list: () => ({ path: '/api/oauths', query: { redirect_uri: 'http://127.0.0.1:6789/sign-in' } }),
      detail: () => ({ path: '/api/oauths/google' }),
    },
  },
});
