import { onChangesOf } from '../../cascade.js';
import { defineResource } from '../../resource.js';
import { usersTable } from '../../model/users.js';
import { sessionPolicy } from './policy.js';
import { sessionPresenter } from './presenter.js';
import { sessionResource } from './resource.js';
import { credentials, tokensTable } from '../../model/tokens.js';

/** `/api/sessions[/:id]`: login and logout. Owns the tokens table, which authentication reads. */
export const sessions = defineResource('sessions', {
  tables: [tokensTable],
  resource: sessionResource,
  policy: sessionPolicy,
  presenter: sessionPresenter,
  credentials,
  cascades: [
    // A deleted user's tokens stop working.
    onChangesOf(usersTable, {
      deleted(user, { repo }) {
        const tokens = tokensTable.in(repo);
        for (const token of tokens.list()) if (token.user_id === user.id) tokens.delete(token.key);
      },
    }),
  ],
});
