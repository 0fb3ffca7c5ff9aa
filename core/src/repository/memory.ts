import { counterIn, runHooked, type RepositoryHooks, type RepositoryRowListener } from './hooks.js';
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
  const hooks = options.hooks ?? {};
  const counters = options.counters ?? new Map<string, number>();
  const shared: TableShared = {
    journal: new Journal(hooks),
    stats: { reads: 0 },
    rowListeners: hooks.rowListeners ?? [],
    initialRows: options.initialRows,
  };
  return {
    openTable: (name, keyOf, listen) => openMemoryTable(shared, name, keyOf, listen),
    openCounter: (name) => counterIn(counters, name),
    transaction: (change) => shared.journal.transaction(change),
    stats: shared.stats,
  };
}

/**
 * The running transaction's undo log: the table of each write, in order (each table holds that write's key and prior
 * row), so a write allocates no closure. Changes are kept only for sinks, which take them at commit.
 */
class Journal {
  #written: Undoable[] | null = null;
  #changes: Change[] = [];
  readonly keepsChanges: boolean;
  readonly #hooks: RepositoryHooks;

  constructor(hooks: RepositoryHooks) {
    this.#hooks = hooks;
    this.keepsChanges = (hooks.sinks ?? []).length > 0;
  }

  /** Whether a transaction runs: a write outside one is checked and committed on its own. */
  get open(): boolean {
    return this.#written !== null;
  }

  /** Notes a write of `table` in the running transaction: the table holds what undoes it. */
  wrote(table: Undoable): void {
    this.#written?.push(table);
  }

  /** Notes a change for the sinks (only when there are any: `keepsChanges`). */
  changed(change: Change): void {
    this.#changes.push(change);
  }

  transaction<T>(change: () => T): T {
    if (this.#written) return change(); // nested: the outer transaction owns the undo log
    const written: Undoable[] = [];
    this.#written = written;
    this.#changes = [];
    try {
      const result = runHooked(this.#hooks, change, () => this.#changes);
      this.#end();
      for (const table of written) table.forget();
      return result;
    } catch (error) {
      this.#end();
      for (let i = written.length - 1; i >= 0; i--) written[i]!.undoLast();
      for (const table of written) table.forget();
      throw error;
    }
  }

  #end(): void {
    this.#written = null;
    this.#changes = [];
  }
}

/** What every table of one repository shares. */
interface TableShared {
  journal: Journal;
  stats: { reads: number };
  rowListeners: readonly RepositoryRowListener[];
  initialRows: (<V>(table: string) => Iterable<V>) | undefined;
}

function openMemoryTable<K extends string | number, V>(
  { journal, stats, rowListeners, initialRows }: TableShared,
  name: string,
  keyOf: (record: V) => K,
  listen?: TableListen<K, V>,
): Table<K, V> {
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
    if (!journal.open) return journal.transaction(() => write(key, next)); // a lone write is checked and committed on its own
    const before = rows.get(key);
    journal.wrote(undoable);
    undoKeys.push(key);
    undoRows.push(before);
    apply(key, before, next);
    if (journal.keepsChanges) journal.changed(next === undefined ? { table: name, key, deleted: true } : { table: name, key, record: next });
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
