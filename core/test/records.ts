import type { UserRecord } from '../src/model/users.js';

/** A stored user with nothing but its id and email set: for tests of the repository itself, not of users. */
export const bareUser = (id: number): UserRecord => ({
  id,
  email: `u${id}@x.io`,
  username: null,
  first_name: null,
  last_name: null,
  avatar: null,
  role: null,
  password_hash: '',
  created_at: 0,
  updated_at: 0,
});
