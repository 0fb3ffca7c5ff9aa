import type { OrderedKeys } from './sorted-keys.js';

/** One keyed collection. Records are replaced whole, never mutated in place. */
export interface Table<K, V> {
  get(key: K): V | undefined;
  /** One read for many keys: list pre-loading uses it so N items never cost N reads. */
  getMany(keys: Iterable<K>): Map<K, V>;
  list(): V[];
  /** Every record, one at a time (a store that reads them from disk holds only the current one). */
  values(): Iterable<V>;
  /** Every key in ascending order, kept sorted as records come and go (pages without sorting). */
  sortedKeys(): OrderedKeys<K>;
  size(): number;
  put(record: V): void;
  delete(key: K): void;
}

/** One committed write, as a durable store takes it: the record put under `key`, or its deletion. */
export type Change =
  { table: string; key: string | number; record: unknown; deleted?: undefined } | { table: string; key: string | number; deleted: true; record?: undefined };

/** Called after every change of a row (an undo included): extra lookups stay in step with the rows. */
export type RowListener<V> = (before: V | undefined, after: V | undefined) => void;

/**
 * Given the table before any row is read into it, returns its own row listener: the rows the table opens with
 * (a durable store's) then reach that listener as (undefined, row) in the same single pass as the row listeners.
 */
export type TableListen<K, V> = (table: Table<K, V>) => RowListener<V> | undefined;

/**
 * Where records live. It knows no resource: each resource folder declares its own tables (defineTable),
 * which open their storage here on first use. Every table of one repository shares its undo log.
 */
export interface Repository {
  /** Storage for one declared table, with the repository's undo log and read counter; `listen`, called once before any row is read, gives its own row listener. */
  openTable<K extends string | number, V>(name: string, key: (record: V) => K, listen?: TableListen<K, V>): Table<K, V>;
  /**
   * A sequence of ids by name (`users`, `pipeline_runs.block_runs`): never hands out an id twice, even after a
   * rollback, a delete or (with a durable store, which keeps and restores it) a restart.
   */
  openCounter(name: string): () => number;
  /** Runs `change` all or nothing: when it throws, every write it made is undone. */
  transaction<T>(change: () => T): T;
  /** Reads so far (tests assert lists cost a constant number). */
  readonly stats: { reads: number };
}
