import { SortedKeys } from './sorted-keys.js';
import type { Change, Repository, RowListener, Table } from './types.js';

type Undo = () => void;

export interface MemoryRepositoryOptions {
  /**
   * Called once per committed write set, in commit order: a transaction's writes together when it
   * succeeds (never when it rolls back), a write outside a transaction on its own. A throw undoes the
   * writes. A durable store journals them here.
   */
  onCommit?: (changes: Change[]) => void;
  /** Rows a table holds when it opens (a durable store's restored state): its lookups see them, nothing is committed. */
  initialRows?: <V>(table: string) => Iterable<V>;
  /** The counters' last ids by name (a durable store restores and journals them); default: a fresh map. */
  counters?: Map<string, number>;
}

/** The in-memory repository: Maps plus an undo log that makes `transaction` all or nothing, for any declared tables. */
export function createMemoryRepository(options: MemoryRepositoryOptions = {}): Repository {
  const stats = { reads: 0 };
  const { onCommit, initialRows } = options;
  const counters = options.counters ?? new Map<string, number>();
  let journal: Undo[] | null = null;
  let changes: Change[] = [];

  function openTable<K extends string | number, V>(name: string, keyOf: (record: V) => K, onChange?: RowListener<V>): Table<K, V> {
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
    for (const row of initialRows?.<V>(name) ?? []) apply(keyOf(row), row);
    return {
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
  }

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

  return {
    openTable,
    openCounter: (name) => () => {
      const id = (counters.get(name) ?? 0) + 1;
      counters.set(name, id);
      return id;
    },
    transaction,
    stats,
  };
}
