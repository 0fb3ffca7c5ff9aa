import { mkdirSync, readdirSync, readFileSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { createMemoryRepository, type Change, type Repository, type RowListener, type Table } from '@pipeline-api/core';
import { decodeFrames } from './frame.js';
import { fsyncDirectory, fsyncDirectorySync } from './fsync.js';
import { Journal } from './journal.js';
import { lockDataDir } from './lock.js';
import { readSnapshot, writeSnapshot } from './snapshot.js';

export interface DurableOptions {
  /** A snapshot is taken (and older journals dropped) once the current journal passes this size. */
  snapshotAfterBytes?: number;
  /** Told once when a journal write or sync fails: the store refuses every write after that. */
  onFailure?: (error: Error) => void;
}

export interface Recovery {
  /** Whether the directory held no state (a first start). */
  fresh: boolean;
  snapshotRecords: number;
  journalRecords: number;
  /** Bytes of a torn or corrupt journal tail that were dropped (kept aside in a `.torn-*` file). */
  droppedBytes: number;
}

export interface DurableStore {
  repo: Repository;
  recovery: Recovery;
  /** Resolves when every write committed so far is on disk (answer nothing before it). */
  durable: () => Promise<void>;
  /** Takes a snapshot now and drops the journals it covers. */
  compact(): Promise<void>;
  close(): Promise<void>;
}

/** One committed transaction as journaled: the id counters that moved since the last record, and the writes. */
interface JournalRecord {
  ids?: Record<string, number>;
  c: ([table: string, key: string | number, record: unknown] | [table: string, key: string | number])[];
}

type Key = string | number;

const JOURNAL = /^journal-(\d{8})\.log$/;
const journalName = (generation: number) => `journal-${String(generation).padStart(8, '0')}.log`;

/**
 * The memory repository, made durable: every committed transaction is one journal record, synced before
 * `durable()` resolves; snapshots bound the journal. Reads are the memory repository's own.
 *
 * Layout of `dir`: `snapshot.jsonl` (state up to its generation), `journal-<generation>.log` (framed
 * records after it, replayed in order). Recovery loads the snapshot, replays the journals from its
 * generation on, and cuts a torn tail off the last one.
 */
export async function openDurableStore(dir: string, options: DurableOptions = {}): Promise<DurableStore> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(dir);
  try {
    const store = await openLocked(dir, options);
    return { ...store, close: () => store.close().finally(unlock) };
  } catch (error) {
    unlock();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot open the data directory ${dir}: ${reason}`, { cause: error });
  }
}

/** Removes a store's own files (journals, snapshot) from `dir`, for a first start that failed: nothing else. */
export function removeStoreFiles(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (JOURNAL.test(name) || name === 'snapshot.jsonl') unlinkSync(join(dir, name));
  }
}

async function openLocked(dir: string, options: DurableOptions): Promise<DurableStore> {
  /** Restored rows by table, until the table opens and takes them (tables open on first use, by name). */
  const restored = new Map<string, Map<Key, unknown>>();
  /** Each opened table's rows with their keys, for snapshots. */
  const opened = new Map<string, () => [Key, unknown][]>();
  /** Counter name -> the last id handed out; the memory repository counts here, the journal keeps it. */
  const counters = new Map<string, number>();
  let sink: ((changes: Change[]) => void) | null = null;
  const memory = createMemoryRepository({
    onCommit: (changes) => sink?.(changes),
    counters,
    initialRows: <V>(name: string): Iterable<V> => {
      const rows = restored.get(name);
      restored.delete(name);
      return (rows?.values() ?? []) as Iterable<V>;
    },
  });
  const openTable = memory.openTable.bind(memory);
  memory.openTable = <K extends Key, V>(name: string, keyOf: (record: V) => K, onChange?: RowListener<V>): Table<K, V> => {
    const table = openTable(name, keyOf, onChange);
    opened.set(name, () => table.list().map((row): [Key, unknown] => [keyOf(row), row]));
    return table;
  };
  const advance = (ids: Record<string, number> | undefined) => {
    for (const [counter, value] of Object.entries(ids ?? {})) {
      if (Number.isSafeInteger(value)) counters.set(counter, Math.max(counters.get(counter) ?? 0, value));
    }
  };
  const rowsOf = (name: string) => {
    let rows = restored.get(name);
    if (!rows) restored.set(name, (rows = new Map<Key, unknown>()));
    return rows;
  };

  // Recovery: into `restored`, before any table opens.
  for (const name of readdirSync(dir)) if (name.endsWith('.tmp')) unlinkSync(join(dir, name));
  const snapshot = readSnapshot(dir);
  advance(snapshot?.ids);
  let generation = snapshot?.generation ?? 1;
  const recovery: Recovery = { fresh: true, snapshotRecords: 0, journalRecords: 0, droppedBytes: 0 };
  if (snapshot) {
    recovery.fresh = false;
    for (const [name, records] of snapshot.tables) {
      const rows = rowsOf(name);
      for (const [key, record] of records) rows.set(key, record);
      recovery.snapshotRecords += records.length;
    }
  }
  const journals = readdirSync(dir)
    .map((name) => JOURNAL.exec(name))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
  for (const old of journals.filter((g) => g < generation)) unlinkSync(join(dir, journalName(old))); // a snapshot covers it
  const replayed = journals.filter((g) => g >= generation);
  // Read every journal before changing any file: a damaged journal followed by records is refused untouched.
  const read = replayed.map((g) => {
    const path = join(dir, journalName(g));
    const data = readFileSync(path);
    return { g, path, data, ...decodeFrames(data) };
  });
  const damaged = read.findIndex((j) => j.validBytes < j.data.length);
  const later = damaged < 0 ? undefined : read.slice(damaged + 1).find((j) => j.payloads.length > 0);
  if (later) {
    throw new Error(
      `${journalName(read[damaged]!.g)} is damaged before its end while ${journalName(later.g)} holds later records: refusing to start (move the directory aside and restore it by hand)`,
    );
  }
  for (const { g, path, data, payloads, validBytes } of read) {
    for (const payload of payloads) {
      const record = JSON.parse(payload.toString('utf8')) as JournalRecord;
      advance(record.ids);
      for (const change of record.c) {
        if (change.length === 3) rowsOf(change[0]).set(change[1], change[2]);
        else rowsOf(change[0]).delete(change[1]);
      }
    }
    recovery.journalRecords += payloads.length;
    if (payloads.length > 0) recovery.fresh = false;
    if (validBytes < data.length) {
      writeFileSync(`${path}.torn-${Date.now()}`, data.subarray(validBytes), { mode: 0o600 });
      truncateSync(path, validBytes);
      recovery.droppedBytes += data.length - validBytes;
    }
    generation = g;
  }

  // Appending.
  const path = join(dir, journalName(generation));
  const file = await open(path, 'a', 0o600);
  fsyncDirectorySync(dir);
  const { size } = await file.stat();
  await file.datasync(); // a truncated tail's new length is on disk before anything follows it
  const journal = new Journal(file, size, (error) => options.onFailure?.(error));
  const snapshotAfterBytes = options.snapshotAfterBytes ?? 64 * 1024 * 1024;
  const journaled = new Map(counters);
  let compacting: Promise<void> | null = null;

  sink = (changes) => {
    const record: JournalRecord = { c: [] };
    for (const [counter, value] of counters) {
      if (journaled.get(counter) !== value) (record.ids ??= {})[counter] = value;
    }
    for (const change of changes) {
      record.c.push(change.deleted ? [change.table, change.key] : [change.table, change.key, change.record]);
    }
    journal.append(Buffer.from(JSON.stringify(record), 'utf8')); // throws when the journal failed: the commit is undone
    for (const [counter, value] of Object.entries(record.ids ?? {})) journaled.set(counter, value);
    if (journal.currentBytes > snapshotAfterBytes && !compacting) void compact().catch(() => {});
  };

  async function compact(): Promise<void> {
    if (compacting) return compacting;
    compacting = (async () => {
      const next = generation + 1;
      const nextFile = await open(join(dir, journalName(next)), 'wx', 0o600);
      await fsyncDirectory(dir);
      // From here to switchTo nothing awaits: the captured state is exactly what precedes the new journal.
      const state = {
        generation: next,
        ids: Object.fromEntries(counters),
        tables: [
          ...[...opened].map(([name, rows]): [string, [Key, unknown][]] => [name, rows()]),
          ...[...restored].map(([name, rows]): [string, [Key, unknown][]] => [name, [...rows]]),
        ],
      };
      const drained = journal.switchTo(nextFile);
      generation = next;
      await writeSnapshot(dir, state);
      await drained;
      for (const name of readdirSync(dir)) {
        const match = JOURNAL.exec(name);
        if (match && Number(match[1]) < next) await unlink(join(dir, name));
      }
    })().finally(() => {
      compacting = null;
    });
    return compacting;
  }

  return {
    repo: memory,
    recovery,
    durable: () => journal.durable(),
    compact,
    async close() {
      await compacting?.catch(() => {});
      await journal.close();
    },
  };
}
