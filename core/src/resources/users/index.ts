import { usersTable } from '../../model/users.js';
import { defineResource } from '../../resource.js';
import { userPolicy } from './policy.js';
import { userPresenter } from '../../views/users.js';
import { userResource } from './resource.js';

/** `/api/users[/:id]`. */
export const users = defineResource('users', {
  tables: [usersTable],
  resource: userResource,
  policy: userPolicy,
  presenter: userPresenter,
});
