import { closeSync, fdatasync, openSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { ApiError, combineHooks, createMemoryRepository, type Change, type RepositoryFactory } from '@pipeline-api/core';
import { damagedFileError, dataFilePaths, isDiskFull, openDataFile } from './data-file.js';
import { counterChecksum, recordChecksum } from './record-checksum.js';

export interface StoreOptions {
  /** Told once when a commit fails for a reason other than a full disk: the server should stop (a restart recovers every acknowledged write). */
  onFailure?: (error: Error) => void;
}

export interface SqliteStore {
  /** The data file. */
  path: string;
  /** Whether the file held no records and no ids yet (a first start). */
  fresh: boolean;
  /** Builds the repository: the memory one over the stored rows, with this store as its commit sink. Once per store. */
  repository: RepositoryFactory;
  /** Records loaded so far (tables load when they open). */
  readonly loaded: number;
  /** Resolves once every transaction committed so far is on disk: no answer goes out before (rejects when syncing failed). */
  durable: () => Promise<void>;
  close(): void;
}

/**
 * `--data`: the in-memory repository is the working set and the SQLite file its durable copy. Each API
 * transaction is one SQLite transaction, committed by the repository's commit sink before the transaction
 * returns (when it fails, the writes are undone in memory too), and synced before any answer (`durable`).
 * A table's rows are read when the table opens, each checked against its checksum.
 */
export function openSqliteStore(dir: string, options: StoreOptions = {}): SqliteStore {
  const { db, path, walPath } = openDataFile(dir);
  const counters = new Map<string, number>();
  try {
    for (const row of db.prepare('SELECT name, last_id, checksum FROM counters').iterate()) {
      const name = String(row.name);
      const lastId = Number(row.last_id);
      if (!Number.isSafeInteger(lastId) || counterChecksum(name, lastId) !== row.checksum)
        throw damagedFileError(path, `the id counter ${name} fails its checksum`);
      counters.set(name, lastId);
    }
  } catch (error) {
    db.close();
    throw error;
  }
  const hasRecords = db.prepare('SELECT 1 AS found FROM records LIMIT 1').get() !== undefined;
  const store = new Store(db, path, openSync(walPath, 'r'), counters, options);
  let built = false;
  return {
    path,
    fresh: !hasRecords && counters.size === 0,
    get loaded() {
      return store.loaded;
    },
    durable: () => store.durable(),
    repository: (hooks) => {
      if (built) throw new Error('a store builds one repository');
      built = true;
      return createMemoryRepository({
        hooks: combineHooks(hooks, { sinks: [(changes) => store.commit(changes)] }),
        counters,
        initialRows: (table) => store.rowsOf(table),
      });
    },
    close: () => {
      if (!db.isOpen) return;
      db.close(); // checkpoints the write-ahead log into the file, synced
      store.closeLog();
    },
  };
}

/** Removes the data file of `dir` and its companions (a first start whose fixtures failed leaves nothing behind). */
export function removeDataFile(dir: string): void {
  for (const path of dataFilePaths(dir)) rmSync(path, { force: true });
}

class Store {
  loaded = 0;
  readonly #upsert;
  readonly #remove;
  readonly #saveCounter;
  readonly #select;
  /** The counters' values as last committed: a commit writes those that moved. */
  readonly #committedCounters: Map<string, number>;
  #failed: Error | null = null;
  /** Transactions committed, and how many of them the last finished sync covers. */
  #committed = 0;
  #synced = 0;
  #syncing: Promise<void> | null = null;

  constructor(
    private readonly db: DatabaseSync,
    private readonly path: string,
    /** The write-ahead log, open for syncing it. */
    private readonly wal: number,
    private readonly counters: Map<string, number>,
    private readonly options: StoreOptions,
  ) {
    this.#upsert = db.prepare(
      'INSERT INTO records (tbl, key, record, checksum) VALUES (?, ?, ?, ?) ON CONFLICT (tbl, key) DO UPDATE SET record = excluded.record, checksum = excluded.checksum',
    );
    this.#remove = db.prepare('DELETE FROM records WHERE tbl = ? AND key = ?');
    this.#saveCounter = db.prepare(
      'INSERT INTO counters (name, last_id, checksum) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET last_id = excluded.last_id, checksum = excluded.checksum',
    );
    this.#select = db.prepare('SELECT key, record, checksum FROM records WHERE tbl = ? ORDER BY key');
    this.#committedCounters = new Map(counters);
  }

  /** A table's stored rows, each checked: a damaged one stops the start (the caller is opening the API). */
  *rowsOf(table: string): Iterable<unknown> {
    for (const row of this.#select.iterate(table)) {
      const key = row.key;
      const json = row.record;
      if ((typeof key !== 'string' && typeof key !== 'number') || typeof json !== 'string' || recordChecksum(table, key, json) !== row.checksum) {
        throw damagedFileError(this.path, `the ${table} record ${JSON.stringify(key)} fails its checksum`);
      }
      this.loaded++;
      yield JSON.parse(json) as unknown;
    }
  }

  /** One API transaction: written, committed and synced, or nothing (the throw makes the repository undo it). */
  commit(changes: Change[]): void {
    if (this.#failed) throw new ApiError('internal_error', 'The server cannot write its data file any more and is stopping; nothing was changed.');
    const moved: [string, number][] = [];
    try {
      this.db.exec('BEGIN');
      for (const change of changes) {
        if (change.deleted) this.#remove.run(change.table, change.key);
        else {
          const json = JSON.stringify(change.record);
          this.#upsert.run(change.table, change.key, json, recordChecksum(change.table, change.key, json));
        }
      }
      for (const [name, lastId] of this.counters) {
        if (this.#committedCounters.get(name) === lastId) continue;
        this.#saveCounter.run(name, lastId, counterChecksum(name, lastId));
        moved.push([name, lastId]);
      }
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      if (isDiskFull(error)) throw new ApiError('internal_error', `The disk holding the data is full: nothing was changed. Free some space, then try again.`);
      this.#failed = error as Error;
      this.options.onFailure?.(error as Error);
      throw new ApiError('internal_error', 'Writing the data file failed: nothing was changed.');
    }
    for (const [name, lastId] of moved) this.#committedCounters.set(name, lastId);
    this.#committed++;
  }

  /**
   * Group commit: one fdatasync of the log at a time, in the thread pool; the transactions committed while
   * it runs share the next one. A failed sync stops every later write and answer.
   */
  async durable(): Promise<void> {
    const target = this.#committed;
    while (this.#synced < target) {
      if (this.#failed) throw this.#failed;
      this.#syncing ??= this.#sync().finally(() => (this.#syncing = null));
      await this.#syncing;
    }
    if (this.#failed) throw this.#failed;
  }

  /** After the database closed (its last checkpoint synced everything): once a sync in flight ends. */
  closeLog(): void {
    if (this.#syncing) void this.#syncing.catch(() => {}).finally(() => closeSync(this.wal));
    else closeSync(this.wal);
  }

  async #sync(): Promise<void> {
    const upTo = this.#committed;
    try {
      await new Promise<void>((resolve, reject) => fdatasync(this.wal, (error) => (error ? reject(error) : resolve())));
    } catch (error) {
      this.#failed ??= error as Error;
      this.options.onFailure?.(error as Error);
      throw error;
    }
    this.#synced = Math.max(this.#synced, upTo);
  }
}
