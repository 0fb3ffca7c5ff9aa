import type { RoleName } from '../auth/roles.js';
import { defineTable } from '../repository/table.js';

export interface UserRecord {
  id: number;
  email: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  role: RoleName | null;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

/** Users by id, with unique lookups by email and username (for login and duplicate checks). */
export const usersTable = defineTable({
  name: 'users',
  key: (user: UserRecord) => user.id,
  extend: (users, repo) => {
    const byEmail = new Map<string, number>();
    const byUsername = new Map<string, number>();
    const find = (index: Map<string, number>, name: string) => {
      const id = index.get(name.toLowerCase());
      return id === undefined ? (repo.stats.reads++, undefined) : users.get(id);
    };
    return {
      onChange(before: UserRecord | undefined, after: UserRecord | undefined) {
        if (before) {
          byEmail.delete(before.email.toLowerCase());
          if (before.username !== null) byUsername.delete(before.username.toLowerCase());
        }
        if (after) {
          byEmail.set(after.email.toLowerCase(), after.id);
          if (after.username !== null) byUsername.set(after.username.toLowerCase(), after.id);
        }
      },
      lookups: {
        byEmail: (email: string) => find(byEmail, email),
        byUsername: (username: string) => find(byUsername, username),
        /** Ids are never reused, even after a rollback, a delete or a restart. */
        nextId: repo.openCounter('users'),
      },
    };
  },
});
