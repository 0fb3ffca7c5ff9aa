// Types only: a static import of the core's code would put it in a chunk of its own, shared by the page and this lazy chunk.
import type { Change, CommitSink } from '@pipeline-api/core';

/** Where a browser mock keeps its data across page reloads. */
export type PersistTo = 'localStorage' | 'indexedDB';

/** What is kept: every table's rows, the id counters, and the mock clock's time (so time never runs back). */
interface Saved {
  format: 'pipeline-api-mocks';
  version: 1;
  now: number;
  counters: [string, number][];
  tables: [string, [string | number, unknown][]][];
}

/** Where the state is read, written and wiped: a localStorage key or an IndexedDB record. */
interface Store {
  load(): Promise<Saved | undefined>;
  /** Called with every committed change's new state; localStorage writes now (a refusal undoes the change). */
  save(saved: Saved): void;
  /** Resolves when every save so far is written. */
  flush(): Promise<void>;
  clear(): Promise<void>;
}

/** What was saved last, for a memory repository to open with, and the sink that saves its every commit. */
export interface PersistentState {
  /** The id counters, name -> last id handed out (the repository counts on in this map). */
  counters: Map<string, number>;
  /** A table's saved rows. */
  initialRows: <V>(table: string) => Iterable<V>;
  /** Saves a commit's changes; a throw (storage refused them) has the repository undo the commit. */
  save: CommitSink;
  /** The clock's time when last saved, if anything was. */
  now: number | undefined;
  flush: () => Promise<void>;
}

export async function openPersistentState(to: PersistTo, key: string, clockNow: () => number): Promise<PersistentState> {
  const store = to === 'localStorage' ? localStorageStore(key) : indexedDbStore(key);
  const saved = await store.load();
  const tables = new Map<string, Map<string | number, unknown>>((saved?.tables ?? []).map(([name, rows]) => [name, new Map(rows)]));
  const counters = new Map(saved?.counters ?? []);
  const snapshot = (): Saved => ({
    format: 'pipeline-api-mocks',
    version: 1,
    now: clockNow(),
    counters: [...counters],
    tables: [...tables].map(([name, rows]) => [name, [...rows]]),
  });
  const save = (changes: Change[]) => {
    const undo: (() => void)[] = [];
    for (const change of changes) {
      const rows = tables.get(change.table) ?? tables.set(change.table, new Map()).get(change.table)!;
      const had = rows.has(change.key);
      const before = rows.get(change.key);
      undo.push(() => (had ? rows.set(change.key, before) : rows.delete(change.key)));
      if (change.deleted) rows.delete(change.key);
      else rows.set(change.key, change.record);
    }
    try {
      store.save(snapshot());
    } catch (error) {
      // The repository undoes the change when this throws: memory and storage stay alike.
      for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
      throw error;
    }
  };
  const initialRows = <V>(table: string) => (tables.get(table)?.values() ?? []) as Iterable<V>;
  return { counters, initialRows, save, now: saved?.now, flush: () => store.flush() };
}

/** Wipes what a mock saved under `key` (reset() calls it). */
export async function clearPersistentState(to: PersistTo, key: string): Promise<void> {
  await (to === 'localStorage' ? localStorageStore(key) : indexedDbStore(key)).clear();
}

function parseSaved(text: string | null | undefined, where: string): Saved | undefined {
  if (text === null || text === undefined) return undefined;
  const saved = JSON.parse(text) as Partial<Saved>;
  if (saved.format !== 'pipeline-api-mocks' || saved.version !== 1) {
    throw new Error(`[pipeline-api mocks] ${where} holds no mock state this version reads; call mock.reset() to start over.`);
  }
  return saved as Saved;
}

function localStorageStore(key: string): Store {
  const storage = () => {
    if (typeof globalThis.localStorage === 'undefined') throw new Error("[pipeline-api mocks] persist: 'localStorage' needs a browser's localStorage.");
    return globalThis.localStorage;
  };
  return {
    load: () => Promise.resolve(parseSaved(storage().getItem(key), `localStorage["${key}"]`)),
    save(saved) {
      const text = JSON.stringify(saved);
      try {
        storage().setItem(key, text);
      } catch (error) {
        throw new Error(
          `[pipeline-api mocks] localStorage refused ${text.length} characters of mock state (full?): the change was not kept. Use persist: 'indexedDB' for more.`,
          {
            cause: error,
          },
        );
      }
    },
    flush: () => Promise.resolve(),
    clear: () => Promise.resolve(storage().removeItem(key)),
  };
}

const DATABASE = 'pipeline-api-mocks';
const OBJECT_STORE = 'state';

function indexedDbStore(key: string): Store {
  let pending: string | undefined;
  let writing: Promise<void> | undefined;
  let failure: unknown;
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof globalThis.indexedDB === 'undefined') return reject(new Error("[pipeline-api mocks] persist: 'indexedDB' needs a browser's IndexedDB."));
      const request = globalThis.indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(OBJECT_STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('[pipeline-api mocks] IndexedDB refused to open'));
    });
  const run = async <T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(OBJECT_STORE, mode);
        const request = use(transaction.objectStore(OBJECT_STORE));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? new Error('[pipeline-api mocks] IndexedDB transaction failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('[pipeline-api mocks] IndexedDB transaction aborted'));
      });
    } finally {
      db.close();
    }
  };
  /** Writes the newest state until none is pending: a burst of commits costs one write, not one each. */
  const drain = async () => {
    while (pending !== undefined) {
      const text = pending;
      pending = undefined;
      try {
        await run('readwrite', (store) => store.put(text, key));
      } catch (error) {
        failure = error;
        console.error('[pipeline-api mocks] IndexedDB refused the mock state:', error);
      }
    }
    writing = undefined;
  };
  return {
    load: async () =>
      parseSaved(await run<string | undefined>('readonly', (store) => store.get(key) as IDBRequest<string | undefined>), `IndexedDB "${DATABASE}"`),
    save(saved) {
      // Written after the answer, newest state first; a failed write fails every later change and flush().
      if (failure) throw new Error('[pipeline-api mocks] an earlier IndexedDB write failed: the mock state is no longer kept', { cause: failure });
      pending = JSON.stringify(saved);
      writing ??= drain();
    },
    async flush() {
      await writing;
      if (failure) throw new Error('[pipeline-api mocks] an IndexedDB write failed: the mock state is no longer kept', { cause: failure });
    },
    clear: async () => {
      pending = undefined;
      await writing;
      failure = undefined;
      await run('readwrite', (store) => store.delete(key));
    },
  };
}
