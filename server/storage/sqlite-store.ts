import { openSync, rmSync } from 'node:fs';
import type { RepositoryFactory } from '@pipeline-api/core';
import { damagedFileError, dataFilePaths, openDataFile } from './data-file.js';
import { LogSync } from './log-sync.js';
import type { RecordCacheLimits } from './record-cache.js';
import { counterChecksum } from './record-checksum.js';
import { createSqliteRepository } from './sqlite-repository.js';

export interface StoreOptions {
  /** Told once when a commit fails for a reason other than a full disk: the server should stop (a restart recovers every acknowledged write). */
  onFailure?: (error: Error) => void;
  /** The bounds of the repository's cache of parsed records (default: DEFAULT_RECORD_CACHE). */
  recordCache?: RecordCacheLimits;
}

export interface SqliteStore {
  /** The data file. */
  path: string;
  /** Whether the file held no records and no ids yet (a first start). */
  fresh: boolean;
  /** Builds the repository over the file, with the hooks given. Once per store. */
  repository: RepositoryFactory;
  /** Records checked so far (each table's when it opens). */
  readonly loaded: number;
  /** Resolves once every transaction committed so far is on disk: no answer goes out before (rejects when syncing failed). */
  durable: () => Promise<void>;
  close(): void;
}

/**
 * `--data`: the repository's working set is the SQLite file (sqlite-repository.ts): each API transaction is one
 * SQLite transaction, committed before it returns, and the write-ahead log is synced before any answer
 * (`durable`). Memory holds each table's keys and lookups, not its records.
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
  const log = new LogSync(openSync(walPath, 'r'), (error) => options.onFailure?.(error));
  let repository: ReturnType<typeof createSqliteRepository> | null = null;
  return {
    path,
    fresh: !hasRecords && counters.size === 0,
    get loaded() {
      return repository?.loaded ?? 0;
    },
    durable: () => log.durable(),
    repository: (hooks) => {
      if (repository) throw new Error('a store builds one repository');
      repository = createSqliteRepository({
        db,
        path,
        hooks,
        counters,
        onCommit: () => log.committed(),
        onFailure: (error) => options.onFailure?.(error),
        cache: options.recordCache,
      });
      return repository;
    },
    close: () => {
      if (!db.isOpen) return;
      db.close(); // checkpoints the write-ahead log into the file, synced
      log.close();
    },
  };
}

/** Removes the data file of `dir` and its companions (a first start whose fixtures failed leaves nothing behind). */
export function removeDataFile(dir: string): void {
  for (const path of dataFilePaths(dir)) rmSync(path, { force: true });
}
