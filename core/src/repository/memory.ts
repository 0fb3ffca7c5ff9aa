import { counterIn, runHooked, type RepositoryHooks } from './hooks.js';
import { SortedKeys } from './sorted-keys.js';
import type { Change, Repository, Table, TableListen } from './types.js';

/** A table that wrote in the running transaction: it keeps its own undo entries (keys and prior rows). */
interface Undoable {
  /** Puts back the row its last write not yet undone replaced. */
  undoLast(): void;
  /** Drops its undo entries: the transaction committed. */
  forget(): void;
}

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
  // The undo log: the table of each write, in order (each table holds that write's key and prior row), so a write
  // allocates no closure. Changes are kept only for sinks, which take them at commit.
  let journal: Undoable[] | null = null;
  const keepChanges = (hooks.sinks ?? []).length > 0;
  let changes: Change[] = [];

  function openTable<K extends string | number, V>(name: string, keyOf: (record: V) => K, listen?: TableListen<K, V>): Table<K, V> {
    const rows = new Map<K, V>();
    const sorted = new SortedKeys<K>();
    const undoKeys: K[] = [];
    const undoRows: (V | undefined)[] = [];
    const undoable: Undoable = {
      undoLast: () => {
        const key = undoKeys.pop()!;
        apply(key, rows.get(key), undoRows.pop());
      },
      forget: () => {
        undoKeys.length = 0;
        undoRows.length = 0;
      },
    };
    const write = (key: K, next: V | undefined): void => {
      if (!journal) return transaction(() => write(key, next)); // a lone write is checked and committed on its own
      const before = rows.get(key);
      journal.push(undoable);
      undoKeys.push(key);
      undoRows.push(before);
      apply(key, before, next);
      if (keepChanges) changes.push(next === undefined ? { table: name, key, deleted: true } : { table: name, key, record: next });
    };
    const apply = (key: K, before: V | undefined, next: V | undefined) => {
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
    const written: Undoable[] = [];
    journal = written;
    changes = [];
    try {
      const result = runHooked(hooks, change, () => changes);
      journal = null;
      changes = [];
      for (const table of written) table.forget();
      return result;
    } catch (error) {
      journal = null;
      changes = [];
      for (let i = written.length - 1; i >= 0; i--) written[i]!.undoLast();
      for (const table of written) table.forget();
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
