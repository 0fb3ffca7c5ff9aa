import { invalid } from '../../errors.js';
import type { Repository } from '../../repository/types.js';
import { usersTable, type UserRecord } from './table.js';

/** Refuses to remove or demote the last owner. */
export function ensureAnotherOwner(user: UserRecord, repo: Repository) {
  const owners = usersTable
    .in(repo)
    .list()
    .filter((u) => u.role === 'owner' && u.id !== user.id);
  if (owners.length === 0) throw invalid('user', 'The last owner cannot be removed or demoted.');
}
