import { LRUCache } from 'lru-cache';

export interface RecordCacheLimits {
  /** Records held at most. */
  maxRecords: number;
  /** Characters of stored JSON held at most (a parsed record takes a few times its JSON in the heap). */
  maxJsonChars: number;
}

/** About 8k small records or a few large ones: a few tens of MB of heap at most, whatever the file holds. */
export const DEFAULT_RECORD_CACHE: RecordCacheLimits = { maxRecords: 8192, maxJsonChars: 8 * 2 ** 20 };

/**
 * The parsed records read last, deeply frozen, by table and key: a record read again is the same object, so
 * caches keyed by record identity (WeakMaps of derived data) keep working over a store that parses on read.
 * Bounded by count and by JSON size; a record over a quarter of the size budget is never held.
 */
export class RecordCache {
  readonly #cache: LRUCache<string, object>;
  readonly #largestJson: number;

  constructor(limits: RecordCacheLimits = DEFAULT_RECORD_CACHE) {
    this.#largestJson = Math.floor(limits.maxJsonChars / 4);
    this.#cache = new LRUCache<string, object>({ max: limits.maxRecords, maxSize: limits.maxJsonChars });
  }

  get size(): number {
    return this.#cache.size;
  }

  get(table: string, key: string | number): unknown {
    return this.#cache.get(cacheKey(table, key));
  }

  /** Parses `json` (already checked) into a frozen record, and keeps it when it fits and `keep` says so. */
  parse(table: string, key: string | number, json: string, keep = true): unknown {
    const record = deepFreeze(JSON.parse(json) as unknown);
    if (keep && typeof record === 'object' && record !== null && json.length <= this.#largestJson) {
      this.#cache.set(cacheKey(table, key), record, { size: Math.max(1, json.length) });
    }
    return record;
  }

  forget(table: string, key: string | number): void {
    this.#cache.delete(cacheKey(table, key));
  }
}

// A table's keys are all strings or all numbers, and no table name holds a NUL.
const cacheKey = (table: string, key: string | number) => `${table}\u0000${key}`;

/** A shared record must not change under its other readers: every object and array in it is frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
