import { defineRouteDocs } from '../define.js';

export const usersDocs = defineRouteDocs(
  'users',
  {
    list: {
      summary: 'List users',
      description: 'Admins and owners only; admins see users who are neither owners nor admins. `_limit` defaults to 40.',
    },
    create: {
      summary: 'Create a user',
      description: 'Owners only. The response carries a raw `token` for the new user.',
    },
    detail: {
      summary: 'Read a user',
      description: 'Yourself, or any user as admin or owner.',
    },
    update: {
      summary: 'Update a user',
      description: 'Yourself, or others as admin or owner. Roles are writable by admins and owners only.',
    },
    delete: {
      summary: 'Delete a user',
      description: 'Owners only. Returns the deleted user; their tokens stop working.',
    },
  },
  { name: 'users', description: 'Accounts and their roles (owner, admin, editor, viewer).' },
);
