import type { AuthToken } from '../auth/store.js';
import { defineTable } from '../repository/table.js';
import type { CredentialStore } from '../auth/store.js';
import { usersTable } from './users.js';

/** An access token as stored: keyed by the SHA-256 of the decoded token, which is never stored. */
export type TokenRecord = AuthToken;

export const tokensTable = defineTable({ name: 'tokens', key: (token: TokenRecord) => token.key });

/** Where authentication finds tokens and their users: this resource's table and the users'. */
export const credentials: CredentialStore = {
  token: (repo, digest) => tokensTable.in(repo).get(digest),
  user: (repo, id) => usersTable.in(repo).get(id),
  saveToken: (repo, token) => tokensTable.in(repo).put(token),
  revokeTokens(repo, userId, now, keep) {
    const tokens = tokensTable.in(repo);
    for (const token of tokens.list()) {
      if (token.user_id === userId && token.key !== keep && token.expires_at > now) tokens.put({ ...token, expires_at: now });
    }
  },
};
