import { ApiError } from './errors.js';
import type { Repository } from './repository/types.js';

export interface StorageLimits {
  /** Records stored at most, all tables together but tokens; 0: no cap. */
  maxRecords: number;
  /** UTF-8 bytes of those records' JSON at most; 0: no cap. */
  maxBytes: number;
}

/** Tokens are left out: they are bounded by logins and purged after their retention (token-purge.ts). */
const UNCOUNTED = new Set(['tokens']);

/** Repositories already counted: instrumenting one twice would count every write twice. */
const INSTRUMENTED = new WeakSet<object>();

type AnyTable = { put(record: unknown): void; delete(key: unknown): void; size(): number; list(): unknown[] };

const isTable = (value: unknown): value is AnyTable =>
  typeof value === 'object' && value !== null && ['put', 'delete', 'size', 'list'].every((m) => typeof (value as Record<string, unknown>)[m] === 'function');

/** Tables key their records by `id`, else `uuid`, else `key` (users, pipelines, blocks, tokens and the rest). */
const keyOf = (record: unknown): unknown => {
  const r = record as { id?: unknown; uuid?: unknown; key?: unknown };
  return r.id ?? r.uuid ?? r.key;
};

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
const measured = new WeakMap<object, number>();
function sizeOf(value: unknown): number {
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
      else for (const key in value) size += utf8Length(key) + 4 + sizeOf((value as Record<string, unknown>)[key]);
      measured.set(value, size);
      return size;
    }
    default:
      return 0;
  }
}

/**
 * Makes a repository refuse to grow past the caps: a change that would leave more records or bytes stored
 * than allowed (and more than before it) is refused with 413 `payload_too_large` and undone whole, inside
 * the repository's own transaction, so nothing is stored half. Deleting and shrinking always work, even
 * over a cap. Every table the repository has is counted (new ones too), tokens excepted.
 */
export function limitStorage(repo: Repository, limits: StorageLimits): Repository {
  if (!limits.maxRecords && !limits.maxBytes) return repo;
  const counted: AnyTable[] = [];
  const sizes = new Map<AnyTable, Map<unknown, number>>();
  let bytes = 0;
  /** Size changes made in the running transaction, to undo with it. */
  let journal: (() => void)[] | null = null;

  const records = () => counted.reduce((n, table) => n + table.size(), 0);

  const setSize = (table: AnyTable, key: unknown, size: number | undefined) => {
    const map = sizes.get(table)!;
    const before = map.get(key);
    if (journal) journal.push(() => void setSizeRaw(map, key, before));
    setSizeRaw(map, key, size);
  };
  const setSizeRaw = (map: Map<unknown, number>, key: unknown, size: number | undefined) => {
    bytes += (size ?? 0) - (map.get(key) ?? 0);
    if (size === undefined) map.delete(key);
    else map.set(key, size);
  };

  const refusal = (recordsBefore: number, bytesBefore: number, recordsAfter: number, bytesAfter: number) => {
    if (limits.maxRecords && recordsAfter > limits.maxRecords && recordsAfter > recordsBefore) {
      return new ApiError('payload_too_large', `Storage is full: this server stores at most ${limits.maxRecords} records (MAX_STORED_RECORDS). Delete some first; nothing was changed.`);
    }
    if (limits.maxBytes && bytesAfter > limits.maxBytes && bytesAfter > bytesBefore) {
      return new ApiError('payload_too_large', `Storage is full: this server stores at most ${limits.maxBytes} bytes of records (MAX_STORED_BYTES). Delete or shrink some first; nothing was changed.`);
    }
    return undefined;
  };

  /** A view of `table` that counts its records and bytes (prototype lookups: whatever is not overridden is the table's, as it is now). */
  const countTable = <T extends AnyTable>(table: T, keyFn: (record: unknown) => unknown): T => {
    counted.push(table);
    const map = new Map<unknown, number>();
    sizes.set(table, map);
    for (const record of table.list()) setSizeRaw(map, keyFn(record), limits.maxBytes ? sizeOf(record) : 0);
    return Object.assign(Object.create(table) as T, {
      put(record: unknown) {
        const key = keyFn(record);
        const size = limits.maxBytes ? sizeOf(record) : 0;
        if (!journal) {
          // Outside a transaction: judged before writing.
          const before = records();
          const error = refusal(before, bytes, before + (map.has(key) ? 0 : 1), bytes + size - (map.get(key) ?? 0));
          if (error) throw error;
        }
        table.put(record);
        setSize(table, key, size);
      },
      delete(key: unknown) {
        table.delete(key);
        setSize(table, key, undefined);
      },
    });
  };

  // The repository is instrumented in place, not wrapped: whoever holds it (the API, a test, a table cached per
  // repository object) sees the same tables.
  if (INSTRUMENTED.has(repo)) return repo;
  INSTRUMENTED.add(repo);
  const target = repo as unknown as Record<string, unknown>;
  const innerTransaction = repo.transaction.bind(repo);
  // Tables as properties of the repository (repo.users, repo.pipelines...): keyed by id, uuid or key.
  for (const [name, table] of Object.entries(repo)) {
    if (!UNCOUNTED.has(name) && isTable(table)) target[name] = countTable(table, keyOf);
  }
  // Tables a repository opens on demand with their own key (`openTable(key, onChange, name?)`): each is counted
  // with that key, but those named in UNCOUNTED (a table opened without a name is counted).
  const openTable = (repo as unknown as { openTable?: (key: (r: unknown) => unknown, ...rest: unknown[]) => AnyTable }).openTable;
  if (typeof openTable === 'function') {
    target.openTable = (key: (record: unknown) => unknown, onChange?: unknown, name?: string) => {
      const table = openTable.call(repo, key, onChange, name);
      return name !== undefined && UNCOUNTED.has(name) ? table : countTable(table, key);
    };
  }

  let depth = 0;
  target.transaction = <T>(change: () => T): T => {
    if (depth > 0) return innerTransaction(change); // nested: the outer transaction checks and undoes
    depth = 1;
    journal = [];
    const recordsBefore = records();
    const bytesBefore = bytes;
    try {
      return innerTransaction(() => {
        const result = change();
        const error = refusal(recordsBefore, bytesBefore, records(), bytes);
        if (error) throw error; // the repository undoes every write of `change`
        return result;
      });
    } catch (error) {
      for (let i = journal.length - 1; i >= 0; i--) journal[i]!();
      throw error;
    } finally {
      journal = null;
      depth = 0;
    }
  };
  return repo;
}
