import { usersTable } from './table.js';
import { defineResource } from '../../resource.js';
import { userPolicy } from './policy.js';
import { userPresenter } from './presenter.js';
import { userResource } from './resource.js';

/** `/api/users[/:id]`. */
export const users = defineResource('users', {
  tables: [usersTable],
  resource: userResource,
  policy: userPolicy,
  presenter: userPresenter,
});
