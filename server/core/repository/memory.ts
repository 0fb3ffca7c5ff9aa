import { SortedKeys } from './sorted-keys.js';
import type { Repository, RowListener, Table } from './types.js';

type Undo = () => void;

/** The in-memory repository: Maps plus an undo log that makes `transaction` all or nothing, for any declared tables. */
export function createMemoryRepository(): Repository {
  const stats = { reads: 0 };
  let journal: Undo[] | null = null;

  function openTable<K extends string | number, V>(_name: string, keyOf: (record: V) => K, onChange?: RowListener<V>): Table<K, V> {
    const rows = new Map<K, V>();
    const sorted = new SortedKeys<K>();
    const write = (key: K, next: V | undefined) => {
      const before = rows.get(key);
      if (journal) journal.push(() => apply(key, before));
      apply(key, next);
    };
    const apply = (key: K, next: V | undefined) => {
      const before = rows.get(key);
      if (next === undefined) rows.delete(key);
      else rows.set(key, next);
      if (before === undefined && next !== undefined) sorted.insert(key);
      if (before !== undefined && next === undefined) sorted.delete(key);
      onChange?.(before, next);
    };
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

  return {
    openTable,
    transaction<T>(change: () => T): T {
      if (journal) return change(); // nested: the outer transaction owns the undo log
      journal = [];
      try {
        const result = change();
        journal = null;
        return result;
      } catch (error) {
        const undo: Undo[] = journal ?? [];
        journal = null;
        for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
        throw error;
      }
    },
    stats,
  };
}
