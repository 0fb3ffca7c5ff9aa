import { SortedKeys } from './sorted-keys.js';
import type { Change, Repository, Table, UserRecord } from './types.js';

type Undo = () => void;

export interface MemoryRepositoryOptions {
  /**
   * Called once per committed write set, in commit order: a transaction's writes together when it
   * succeeds (never when it rolls back), a write outside a transaction on its own. A throw undoes the
   * writes. A durable store journals them here.
   */
  onCommit?: (changes: Change[]) => void;
}

/** The in-memory repository: Maps plus an undo log that makes `transaction` all or nothing. */
export function createMemoryRepository(options: MemoryRepositoryOptions = {}): Repository {
  const stats = { reads: 0 };
  const { onCommit } = options;
  let journal: Undo[] | null = null;
  let changes: Change[] = [];

  function table<K extends string | number, V>(
    name: string,
    keyOf: (record: V) => K,
    onChange?: (before: V | undefined, after: V | undefined) => void,
  ) {
    const rows = new Map<K, V>();
    const sorted = new SortedKeys<K>();
    const write = (key: K, next: V | undefined): void => {
      if (onCommit && !journal) return transaction(() => write(key, next)); // a lone write commits on its own
      const before = rows.get(key);
      if (journal) journal.push(() => apply(key, before));
      apply(key, next);
      if (onCommit) changes.push(next === undefined ? { table: name, key, deleted: true } : { table: name, key, record: next });
    };
    const apply = (key: K, next: V | undefined) => {
      const before = rows.get(key);
      if (next === undefined) rows.delete(key);
      else rows.set(key, next);
      if (before === undefined && next !== undefined) sorted.insert(key);
      if (before !== undefined && next === undefined) sorted.delete(key);
      onChange?.(before, next);
    };
    const t: Table<K, V> = {
      get: (key) => (stats.reads++, rows.get(key)),
      getMany: (keys) => {
        stats.reads++;
        const found = new Map<K, V>();
        for (const key of keys) {
          const row = rows.get(key);
          if (row !== undefined) found.set(key, row);
        }
        return found;
      },
      list: () => (stats.reads++, [...rows.values()]),
      sortedKeys: () => (stats.reads++, sorted),
      size: () => rows.size,
      put: (record) => write(keyOf(record), record),
      delete: (key) => write(key, undefined),
    };
    return t;
  }

  // Unique lookups for login and duplicate checks, kept in step with the users table.
  const byEmail = new Map<string, number>();
  const byUsername = new Map<string, number>();
  const reindex = (before: UserRecord | undefined, after: UserRecord | undefined) => {
    if (before) {
      byEmail.delete(before.email.toLowerCase());
      if (before.username !== null) byUsername.delete(before.username.toLowerCase());
    }
    if (after) {
      byEmail.set(after.email.toLowerCase(), after.id);
      if (after.username !== null) byUsername.set(after.username.toLowerCase(), after.id);
    }
  };
  const users = table<number, UserRecord>('users', (u) => u.id, reindex);
  let lastUserId = 0;

  return {
    users: {
      ...users,
      byEmail: (email) => {
        const id = byEmail.get(email.toLowerCase());
        return id === undefined ? (stats.reads++, undefined) : users.get(id);
      },
      byUsername: (username) => {
        const id = byUsername.get(username.toLowerCase());
        return id === undefined ? (stats.reads++, undefined) : users.get(id);
      },
      // Ids are never reused, even after a rollback or a delete.
      nextId: () => ++lastUserId,
    },
    tokens: table('tokens', (t) => t.key),
    pipelines: table('pipelines', (p) => p.uuid),
    blocks: table('blocks', (b) => b.uuid),
    transaction,
    stats,
  };

  function transaction<T>(change: () => T): T {
    if (journal) return change(); // nested: the outer transaction owns the undo log
    journal = [];
    changes = [];
    try {
      const result = change();
      if (onCommit && changes.length > 0) onCommit(changes);
      journal = null;
      changes = [];
      return result;
    } catch (error) {
      const undo: Undo[] = journal ?? [];
      journal = null;
      changes = [];
      for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
      throw error;
    }
  }
}
