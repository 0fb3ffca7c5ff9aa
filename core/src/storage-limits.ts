import { ApiError } from './errors.js';
import type { Repository, RowListener, Table } from './repository/types.js';

export interface StorageLimits {
  /** Records stored at most, all tables together but tokens; 0: no cap. */
  maxRecords: number;
  /** UTF-8 bytes of those records' JSON at most; 0: no cap. */
  maxBytes: number;
}

/** Tokens are left out: they are bounded by logins and purged after their retention (sessions/token-purge.ts). */
const UNCOUNTED: readonly string[] = ['tokens'];

/** UTF-8 length of a string without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x800) bytes += c >= 0xd800 && c <= 0xdbff ? 1 : 2; // a surrogate pair: 4 bytes for 2 units
    else if (c >= 0x80) bytes += 1;
  }
  return bytes;
}

/**
 * About the UTF-8 bytes of a value's JSON (escapes aside), without building the JSON. Records are replaced
 * whole but share their unchanged parts with the version before (a pipeline's members, a block's config):
 * objects are measured once and remembered, so a new version of a pipeline with N blocks costs N lookups, not
 * a JSON of N members (JSON.stringify per write made creating blocks in a large pipeline 2.5x slower).
 */
function sizer() {
  const measured = new WeakMap<object, number>();
  const sizeOf = (value: unknown): number => {
    if (value === null || value === undefined) return 4;
    switch (typeof value) {
      case 'string':
        return utf8Length(value) + 2;
      case 'number':
      case 'boolean':
        return String(value).length;
      case 'object': {
        const known = measured.get(value);
        if (known !== undefined) return known;
        let size = 2;
        if (Array.isArray(value)) for (const item of value) size += sizeOf(item) + 1;
        else for (const [key, item] of Object.entries(value)) size += utf8Length(key) + 4 + sizeOf(item);
        measured.set(value, size);
        return size;
      }
      default:
        return 0;
    }
  };
  return sizeOf;
}

/**
 * Makes a repository refuse to grow past the caps: a change that would leave more records or bytes stored
 * than allowed (and more than before it) is refused with 413 `payload_too_large` and undone whole, inside
 * the repository's own transaction, so nothing is stored half. Deleting and shrinking always work, even
 * over a cap. Every table opened through it is counted, tokens excepted.
 */
export function limitStorage(inner: Repository, limits: StorageLimits): Repository {
  if (!limits.maxRecords && !limits.maxBytes) return inner;
  const sizeOf = sizer();
  let records = 0;
  let bytes = 0;
  /** Counter changes made in the running transaction, to undo with it. */
  let undo: (() => void)[] | null = null;

  const refusal = (recordsBefore: number, bytesBefore: number, recordsAfter: number, bytesAfter: number) => {
    if (limits.maxRecords && recordsAfter > limits.maxRecords && recordsAfter > recordsBefore) {
      return new ApiError('payload_too_large', `Storage is full: this server stores at most ${limits.maxRecords} records (MAX_STORED_RECORDS). Delete some first; nothing was changed.`);
    }
    if (limits.maxBytes && bytesAfter > limits.maxBytes && bytesAfter > bytesBefore) {
      return new ApiError('payload_too_large', `Storage is full: this server stores at most ${limits.maxBytes} bytes of records (MAX_STORED_BYTES). Delete or shrink some first; nothing was changed.`);
    }
    return undefined;
  };

  function counted<K extends string | number, V>(table: Table<K, V>, keyOf: (record: V) => K): Table<K, V> {
    const sizes = new Map<K, number>();
    const setSize = (key: K, size: number | undefined) => {
      const before = sizes.get(key);
      if (size === undefined) sizes.delete(key);
      else sizes.set(key, size);
      const dRecords = (size === undefined ? 0 : 1) - (before === undefined ? 0 : 1);
      const dBytes = (size ?? 0) - (before ?? 0);
      records += dRecords;
      bytes += dBytes;
      undo?.push(() => {
        if (before === undefined) sizes.delete(key);
        else sizes.set(key, before);
        records -= dRecords;
        bytes -= dBytes;
      });
    };
    // Rows a repository already holds when the table opens (a durable one, restored) count too.
    if (table.size() > 0) for (const row of table.list()) setSize(keyOf(row), limits.maxBytes ? sizeOf(row) : 0);
    return {
      get: (key) => table.get(key),
      getMany: (keys) => table.getMany(keys),
      list: () => table.list(),
      sortedKeys: () => table.sortedKeys(),
      size: () => table.size(),
      put(record) {
        const key = keyOf(record);
        const size = limits.maxBytes ? sizeOf(record) : 0;
        if (!undo) {
          // Outside a transaction: judged before writing.
          const before = sizes.get(key);
          const error = refusal(records, bytes, records + (before === undefined ? 1 : 0), bytes + size - (before ?? 0));
          if (error) throw error;
        }
        table.put(record);
        setSize(key, size);
      },
      delete(key) {
        table.delete(key);
        setSize(key, undefined);
      },
    };
  }

  // In place, not wrapped: tables are kept per repository object (TableDeclaration.in), so whoever holds this
  // repository (the API, a test) must see the same tables. Apply it once, before any table is opened.
  const openTable = inner.openTable.bind(inner);
  const transaction = inner.transaction.bind(inner);
  inner.openTable = <K extends string | number, V>(name: string, key: (record: V) => K, onChange?: RowListener<V>) => {
    const table = openTable(name, key, onChange);
    return UNCOUNTED.includes(name) ? table : counted(table, key);
  };
  inner.transaction = <T>(change: () => T): T => {
    if (undo) return transaction(change); // nested: the outer transaction checks and undoes
    undo = [];
    const recordsBefore = records;
    const bytesBefore = bytes;
    try {
      return transaction(() => {
        const result = change();
        const error = refusal(recordsBefore, bytesBefore, records, bytes);
        if (error) throw error; // the inner repository undoes every write of `change`
        return result;
      });
    } catch (error) {
      for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
      throw error;
    } finally {
      undo = null;
    }
  };
  return inner;
}
