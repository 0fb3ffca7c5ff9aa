import { defineExamples } from './define.js';

export const sessionsExamples = defineExamples('sessions', {
  // A successful login makes the script's later calls use the new token.
  openapi: async (run) => {
    await run('sessions.login', {}, { session: { email: 'admin@admin.com', password: 'wrong' } });
    await run('sessions.login', {}, { session: { email: 'admin@admin.com', password: 'admin' } });
    await run('sessions.logout', { id: '1' });
    await run('sessions.logout', { id: '1' });
    await run('sessions.delete', { id: '1' });
    await run('sessions.login', {}, { session: { username: 'admin', password: 'admin' } });
    await run('sessions.delete', { id: '1' });
  },
  authMatrix: {
    prepare: async (owner, n) => {
      await owner('POST', '/api/users', { user: { email: `v${n}@x.io`, password: 'password1', password_confirmation: 'password1', roles_new: [4] } });
      return { email: `v${n}@x.io` };
    },
    targets: {
      login: ({ email }) => ({ path: '/api/sessions', body: { session: { email, password: 'password1' } } }),
      logout: () => ({ path: '/api/sessions/1' }),
      delete: () => ({ path: '/api/sessions/1' }),
    },
  },
});
