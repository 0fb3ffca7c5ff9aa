import { counterIn, runHooked, type RepositoryHooks } from './hooks.js';
import { SortedKeys } from './sorted-keys.js';
import type { Change, Repository, Table, TableListen } from './types.js';

type Undo = () => void;

export interface MemoryRepositoryOptions {
  /** Row listeners, checks before commit, sinks at commit: the repository's whole behaviour beyond storing rows. */
  hooks?: RepositoryHooks;
  /** Rows a table holds when it opens (a durable store's restored state): lookups and row listeners see them, nothing is committed. */
  initialRows?: <V>(table: string) => Iterable<V>;
  /** The counters' last ids by name (a durable store restores and stores them); default: a fresh map. */
  counters?: Map<string, number>;
}

/** The in-memory repository: Maps plus an undo log that makes `transaction` all or nothing, for any declared tables. */
export function createMemoryRepository(options: MemoryRepositoryOptions = {}): Repository {
  const stats = { reads: 0 };
  const { initialRows } = options;
  const hooks = options.hooks ?? {};
  const rowListeners = hooks.rowListeners ?? [];
  const counters = options.counters ?? new Map<string, number>();
  let journal: Undo[] | null = null;
  let changes: Change[] = [];

  function openTable<K extends string | number, V>(name: string, keyOf: (record: V) => K, listen?: TableListen<K, V>): Table<K, V> {
    const rows = new Map<K, V>();
    const sorted = new SortedKeys<K>();
    const write = (key: K, next: V | undefined): void => {
      if (!journal) return transaction(() => write(key, next)); // a lone write is checked and committed on its own
      const before = rows.get(key);
      journal.push(() => apply(key, before));
      apply(key, next);
      changes.push(next === undefined ? { table: name, key, deleted: true } : { table: name, key, record: next });
    };
    const apply = (key: K, next: V | undefined) => {
      const before = rows.get(key);
      if (next === undefined) rows.delete(key);
      else rows.set(key, next);
      if (before === undefined && next !== undefined) sorted.insert(key);
      if (before !== undefined && next === undefined) sorted.delete(key);
      onChange?.(before, next);
      for (const listener of rowListeners) listener(name, before, next);
    };
    const table: Table<K, V> = {
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
      values: () => (stats.reads++, rows.values()),
      sortedKeys: () => (stats.reads++, sorted),
      size: () => rows.size,
      put: (record) => write(keyOf(record), record),
      delete: (key) => write(key, undefined),
    };
    const onChange = listen?.(table);
    for (const row of initialRows?.<V>(name) ?? []) {
      const key = keyOf(row);
      rows.set(key, row);
      sorted.insert(key);
      onChange?.(undefined, row);
      for (const listener of rowListeners) listener(name, undefined, row);
    }
    return table;
  }

  function transaction<T>(change: () => T): T {
    if (journal) return change(); // nested: the outer transaction owns the undo log
    journal = [];
    changes = [];
    try {
      const result = runHooked(hooks, change, () => changes);
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
    openCounter: (name) => counterIn(counters, name),
    transaction,
    stats,
  };
}
