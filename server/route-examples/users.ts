import { itemOf } from '@pipeline-api/core/fixtures';
import { defineExamples } from './define.js';

export const usersExamples = defineExamples('users', {
  openapi: async (run) => {
    await run('users.create', {}, { user: { email: 'nope', password: 'password1', password_confirmation: 'password1' } });
    const created = await run(
      'users.create',
      {},
      {
        user: { email: 'vera@example.com', username: 'vera', password: 'password1', password_confirmation: 'password1', roles_new: [3] },
      },
    );
    const id = String(itemOf(created, 'user').id);
    await run('users.list', {}, undefined, { _limit: '40' });
    await run('users.detail', { id: '99' });
    await run('users.detail', { id });
    await run('users.update', { id }, { user: { first_name: 'Vera', roles_new: [4] } });
    await run('users.delete', { id });
    await run('users.delete', { id });
    await run('users.update', { id: '1' }, { user: { password: 'short' } });
    await run('users.list', {}, undefined, { _limit: 'many' });
  },
  authMatrix: {
    // Member routes act on another user, a viewer: "yourself" never applies.
    prepare: async (owner, n) => {
      const victim = await owner('POST', '/api/users', {
        user: { email: `v${n}@x.io`, password: 'password1', password_confirmation: 'password1', roles_new: [4] },
      });
      return { user: String(itemOf(victim, 'user').id) };
    },
    targets: {
      list: () => ({ path: '/api/users' }),
      create: (_, n) => ({ path: '/api/users', body: { user: { email: `new${n}@x.io`, password: 'password1', password_confirmation: 'password1' } } }),
      detail: ({ user }) => ({ path: `/api/users/${user}` }),
      update: ({ user }) => ({ path: `/api/users/${user}`, body: { user: { first_name: 'F' } } }),
      delete: ({ user }) => ({ path: `/api/users/${user}` }),
    },
  },
});
