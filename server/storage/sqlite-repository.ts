import type { DatabaseSync } from 'node:sqlite';
import {
  ApiError,
  counterIn,
  runHooked,
  SortedKeys,
  type Change,
  type Repository,
  type RepositoryHooks,
  type Table,
  type TableListen,
} from '@pipeline-api/core';
import { damagedFileError, isDiskFull, sqliteErrorClass } from './data-file.js';
import { RecordCache, type RecordCacheLimits } from './record-cache.js';
import { counterChecksum, recordChecksum } from './record-checksum.js';

type Key = string | number;
type Undo = () => void;

export interface SqliteRepositoryOptions {
  db: DatabaseSync;
  /** The data file, for messages. */
  path: string;
  hooks: RepositoryHooks;
  /** The counters' last ids as stored (read at open); they move in memory and are written with the transaction that follows. */
  counters: Map<string, number>;
  /** After each committed transaction (the store counts them for its syncs). */
  onCommit: () => void;
  /** A write failed for a reason other than a full disk: nothing more can be trusted to reach the file. */
  onFailure: (error: Error) => void;
  /** The bounds of the cache of parsed records (default: DEFAULT_RECORD_CACHE). */
  cache?: RecordCacheLimits;
}

/**
 * The repository whose working set is the SQLite file itself: a record lives only in the database and is read
 * (checked against its checksum, then parsed and frozen) when asked for; memory holds each table's sorted keys,
 * the lookups its declaration keeps and a bounded cache of the records read last (read again, a record is the
 * same object; a write or an undo drops its cached copy). An outermost `transaction` is one SQLite transaction:
 * checks run before its COMMIT; when anything throws, SQLite rolls the rows back and the undo log rolls back
 * what row listeners were told. A lone write is a transaction of its own.
 */
export function createSqliteRepository(options: SqliteRepositoryOptions): Repository & { readonly loaded: number } {
  const { db, path, hooks, counters } = options;
  const rowListeners = hooks.rowListeners ?? [];
  const select = db.prepare('SELECT record, checksum FROM records WHERE tbl = ? AND key = ?');
  const upsert = db.prepare(
    'INSERT INTO records (tbl, key, record, checksum) VALUES (?, ?, ?, ?) ON CONFLICT (tbl, key) DO UPDATE SET record = excluded.record, checksum = excluded.checksum',
  );
  const remove = db.prepare('DELETE FROM records WHERE tbl = ? AND key = ?');
  const saveCounter = db.prepare(
    'INSERT INTO counters (name, last_id, checksum) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET last_id = excluded.last_id, checksum = excluded.checksum',
  );
  const storedCounters = new Map(counters);
  const stats = { reads: 0 };
  let loaded = 0;
  let undo: Undo[] | null = null;
  let changes: Change[] = [];
  let failed: Error | null = null;
  const cache = new RecordCache(options.cache);

  /** A stored row's record, refused when it fails its checksum (the file changed under the server). */
  const decode = (table: string, key: Key, json: unknown, checksum: unknown, keep = true): unknown => {
    if (typeof json !== 'string' || recordChecksum(table, key, json) !== checksum) {
      throw damagedFileError(path, `the ${table} record ${JSON.stringify(key)} fails its checksum`);
    }
    return cache.parse(table, key, json, keep);
  };

  /**
   * A table's rows, read as the loop goes (a statement of its own: a loop may read the table meanwhile); `keep`
   * false leaves the cache as it is (a whole-table read at start would only churn it, and what it evicts
   * lingers in the old generation until a full collection).
   */
  function* rowsOf(table: string, keep = true): Generator<[Key, unknown]> {
    for (const row of db.prepare('SELECT key, record, checksum FROM records WHERE tbl = ?').iterate(table)) {
      const key = row.key;
      if (typeof key !== 'string' && typeof key !== 'number') throw damagedFileError(path, `a ${table} record has a key of the wrong type`);
      yield [key, cache.get(table, key) ?? decode(table, key, row.record, row.checksum, keep)];
    }
  }

  function* recordsOf<V>(table: string): Generator<V> {
    for (const [, record] of rowsOf(table)) yield record as V;
  }

  function openTable<K extends Key, V>(name: string, keyOf: (record: V) => K, listen?: TableListen<K, V>): Table<K, V> {
    const sorted = new SortedKeys<K>();
    const read = (key: K, keep = true): V | undefined => {
      const cached = cache.get(name, key);
      if (cached !== undefined) return cached as V;
      const row = select.get(name, key);
      return row === undefined ? undefined : (decode(name, key, row.record, row.checksum, keep) as V);
    };
    const tell = (key: K, before: V | undefined, after: V | undefined) => {
      if (before === undefined && after !== undefined) sorted.insert(key);
      if (before !== undefined && after === undefined) sorted.delete(key);
      onChange?.(before, after);
      for (const listener of rowListeners) listener(name, before, after);
    };
    const forget = (key: K) => cache.forget(name, key);
    const write = (key: K, next: V | undefined): void => {
      if (!undo) return transaction(() => write(key, next));
      const before = read(key, false); // replaced at once: not worth a place in the cache
      forget(key);
      if (next === undefined) remove.run(name, key);
      else {
        const json = JSON.stringify(next);
        upsert.run(name, key, json, recordChecksum(name, key, json));
      }
      // What a rolled-back transaction read back of its own writes must not outlive it.
      undo.push(() => (forget(key), tell(key, next, before)));
      tell(key, before, next);
      changes.push(next === undefined ? { table: name, key, deleted: true } : { table: name, key, record: next });
    };
    const table: Table<K, V> = {
      get: (key) => (stats.reads++, read(key)),
      getMany: (keys) => {
        stats.reads++;
        const found = new Map<K, V>();
        for (const key of keys) {
          const record = read(key);
          if (record !== undefined) found.set(key, record);
        }
        return found;
      },
      list: () => (stats.reads++, [...recordsOf<V>(name)]),
      values: () => (stats.reads++, recordsOf<V>(name)),
      sortedKeys: () => (stats.reads++, sorted),
      size: () => sorted.length,
      put: (record) => write(keyOf(record), record),
      delete: (key) => write(key, undefined),
    };
    const onChange = listen?.(table);
    // Every stored row is checked and parsed once here, and told to the table's own listener (its lookups) and
    // to the row listeners (the storage caps count it).
    for (const [key, record] of rowsOf(name, false)) {
      sorted.insert(key as K);
      onChange?.(undefined, record as V);
      for (const listener of rowListeners) listener(name, undefined, record);
      loaded++;
    }
    return table;
  }

  function transaction<T>(change: () => T): T {
    if (undo) return change(); // nested: the outer transaction commits or rolls back
    if (failed) throw new ApiError('internal_error', 'The server cannot write its data file any more and is stopping; nothing was changed.');
    undo = [];
    changes = [];
    try {
      db.exec('BEGIN');
      const result = runHooked(hooks, change, () => changes);
      const moved = [...counters].filter(([name, lastId]) => storedCounters.get(name) !== lastId);
      for (const [name, lastId] of moved) saveCounter.run(name, lastId, counterChecksum(name, lastId));
      db.exec('COMMIT');
      for (const [name, lastId] of moved) storedCounters.set(name, lastId);
      undo = null;
      changes = [];
      options.onCommit();
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      const undone: Undo[] = undo ?? [];
      undo = null;
      changes = [];
      for (let i = undone.length - 1; i >= 0; i--) undone[i]!();
      throw storageError(error);
    }
  }

  /** What a failed transaction answers: its own error, unless SQLite could not write. */
  function storageError(error: unknown): unknown {
    if (sqliteErrorClass(error) === undefined) return error;
    if (isDiskFull(error)) return new ApiError('internal_error', 'The disk holding the data is full: nothing was changed. Free some space, then try again.');
    failed ??= error as Error;
    options.onFailure(error as Error);
    return new ApiError('internal_error', 'Writing the data file failed: nothing was changed.');
  }

  return {
    openTable,
    openCounter: (name) => counterIn(counters, name),
    transaction,
    stats,
    get loaded() {
      return loaded;
    },
  };
}
