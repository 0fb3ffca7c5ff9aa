import { ApiError } from '../errors.js';
import { isPlainObject } from '../request.js';
import type { RepositoryHooks } from './hooks.js';
import type { Repository } from './types.js';

export interface StorageLimits {
  /** Records stored at most, all tables together but tokens; 0: no cap. */
  maxRecords: number;
  /** UTF-8 bytes of those records' JSON at most; 0: no cap. */
  maxBytes: number;
}

/** Tokens are left out: they are bounded by logins and purged after their retention (sessions/token-purge.ts). */
const UNCOUNTED: readonly string[] = ['tokens'];

/**
 * Object.hasOwn, written as `ownProperty.call(object, key)` inside a for-in over that object: V8 answers this form
 * from the loop's own key cache (a new block's sizeOf 0.65 -> 0.48 us), Object.hasOwn or a helper by a lookup per key.
 */
// eslint-disable-next-line @typescript-eslint/unbound-method -- only ever called with call(), on the object given
const ownProperty = Object.prototype.hasOwnProperty;

/** Any character outside ASCII (a character that takes more than one byte in UTF-8). */
const NON_ASCII = /[^\0-\x7f]/;
/** From this length a string is first searched natively for non-ASCII: a loop in JS costs 12 ms per MB of text. */
const NATIVE_SCAN_FROM = 256;

/** UTF-8 length of a string without encoding it. */
function utf8Length(text: string): number {
  if (text.length >= NATIVE_SCAN_FROM && !NON_ASCII.test(text)) return text.length;
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x800)
      bytes += c >= 0xd800 && c <= 0xdbff ? 1 : 2; // a surrogate pair: 4 bytes for 2 units
    else if (c >= 0x80) bytes += 1;
  }
  return bytes;
}

/** 10^1 .. 10^20, each exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 20 }, (_, i) => 10 ** (i + 1));

/**
 * String(value).length without writing the string: an integer's digits (and sign) are counted; other numbers (a
 * fraction, an exponent form, NaN) are written. Every stored record has its timestamps counted on each write.
 */
function numberLength(value: number): number {
  if (!Number.isInteger(value) || value >= 1e21 || value <= -1e21) return String(value).length;
  const magnitude = value < 0 ? -value : value;
  let digits = 1;
  while (digits <= 20 && magnitude >= POWERS_OF_TEN[digits - 1]!) digits++;
  return value < 0 ? digits + 1 : digits;
}

/**
 * About the UTF-8 bytes of a value's JSON (escapes aside), without building the JSON: `{}` and `[]` 2, a key
 * its length plus 4 (quotes, colon, comma), an item 1 more than itself, `null` 4.
 */
export function sizeOf(value: unknown): number {
  if (value === null || value === undefined) return 4;
  switch (typeof value) {
    case 'string':
      return utf8Length(value) + 2;
    case 'number':
      return numberLength(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'object': {
      let size = 2;
      if (Array.isArray(value)) for (const item of value) size += sizeOf(item) + 1;
      // for-in with own keys only, as Object.keys reads them, without a list of them per object (this runs on every write).
      else if (isPlainObject(value)) for (const key in value) if (ownProperty.call(value, key)) size += utf8Length(key) + 4 + sizeOf(value[key]);
      return size;
    }
    default:
      return 0;
  }
}

/**
 * sizeOf(after) - sizeOf(before), walking only what differs. Records are replaced whole but share their
 * unchanged parts with the version before (a pipeline's members, a block's config), so a new version of a
 * pipeline with N blocks costs N pointer comparisons, not a walk of N members. (A JSON.stringify per write
 * made creating blocks in a large pipeline 2.5x slower; remembering each object's size in a WeakMap cost
 * microseconds per new object in garbage collection.)
 */
export function sizeChange(before: unknown, after: unknown): number {
  if (before === after) return 0;
  if (Array.isArray(before) && Array.isArray(after)) return arraySizeChange(before, after);
  if (!isPlainObject(before) || !isPlainObject(after)) return sizeOf(after) - sizeOf(before);
  let change = 0;
  let kept = 0;
  for (const key in after) {
    if (!ownProperty.call(after, key)) continue;
    if (Object.hasOwn(before, key)) {
      kept++;
      change += sizeChange(before[key], after[key]);
    } else change += utf8Length(key) + 4 + sizeOf(after[key]);
  }
  // Keys `after` dropped: looked for only when `before` has more keys than the two share (a new version most often
  // keeps every key), counted from the loop's own key cache.
  let keys = 0;
  for (const key in before) if (ownProperty.call(before, key)) keys++;
  if (keys === kept) return change;
  for (const key in before) if (ownProperty.call(before, key) && !Object.hasOwn(after, key)) change -= utf8Length(key) + 4 + sizeOf(before[key]);
  return change;
}

/** Items the two versions share at both ends are skipped (an insert or a removal leaves one item between). */
function arraySizeChange(before: readonly unknown[], after: readonly unknown[]): number {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  let change = 0;
  if (endBefore - start === endAfter - start) {
    for (let i = start; i < endAfter; i++) change += sizeChange(before[i], after[i]);
    return change;
  }
  for (let i = start; i < endAfter; i++) change += sizeOf(after[i]) + 1;
  for (let i = start; i < endBefore; i++) change -= sizeOf(before[i]) + 1;
  return change;
}

/**
 * The hooks that make a repository refuse to grow past the caps: a transaction that would leave more records
 * or bytes stored than allowed (and more than before it) is refused with 413 `payload_too_large` before it
 * commits, and the repository undoes it whole. Deleting and shrinking always work, even over a cap. Every
 * table is counted, tokens excepted, the rows a table opens with (a durable store's) included.
 */
export function storageLimits(limits: StorageLimits, reserve?: StorageReserve): RepositoryHooks {
  if (!limits.maxRecords && !limits.maxBytes) return {};
  let records = 0;
  let bytes = 0;
  let recordsBefore = 0;
  let bytesBefore = 0;

  const refusal = () => {
    const share = reserve?.granted ? 1 + RESERVE_SHARE : 1;
    if (limits.maxRecords && records > limits.maxRecords * share && records > recordsBefore) {
      return new ApiError(
        'payload_too_large',
        `Storage is full: this server stores at most ${limits.maxRecords} records (MAX_STORED_RECORDS). Delete some first; nothing was changed.`,
      );
    }
    if (limits.maxBytes && bytes > limits.maxBytes * share && bytes > bytesBefore) {
      return new ApiError(
        'payload_too_large',
        `Storage is full: this server stores at most ${limits.maxBytes} bytes of records (MAX_STORED_BYTES). Delete or shrink some first; nothing was changed.`,
      );
    }
    return undefined;
  };

  /** Every change with the record it replaces, undos included: a rolled-back write is counted out by its own undo. */
  const count = (table: string, before: unknown, after: unknown) => {
    if (UNCOUNTED.includes(table)) return;
    records += (after === undefined ? 0 : 1) - (before === undefined ? 0 : 1);
    if (!limits.maxBytes) return;
    if (before === undefined)
      bytes += after === undefined ? 0 : sizeOf(after); // a new row, not a change from `null`
    else bytes += after === undefined ? -sizeOf(before) : sizeChange(before, after);
  };

  return {
    rowListeners: [count],
    checks: [
      {
        begin() {
          recordsBefore = records;
          bytesBefore = bytes;
        },
        check() {
          const error = refusal();
          if (error) throw error;
        },
      },
    ],
  };
}

/** Room kept past each cap, as a share of it, for work admitted while there was room. */
const RESERVE_SHARE = 0.05;

/**
 * The reserve of the storage caps (given to storageLimits): `transaction` runs a change that may grow the store
 * past the caps by 5% of each, so work admitted under the caps, a run in progress stepping to its end, finishes
 * even when new work is refused at a full store. Inside another transaction the outer one is judged, as usual.
 */
export class StorageReserve {
  #granted = false;

  /** Whether the running outermost transaction may use the reserve. */
  get granted(): boolean {
    return this.#granted;
  }

  transaction<T>(repo: Repository, change: () => T): T {
    if (this.#granted) return repo.transaction(change);
    this.#granted = true;
    try {
      return repo.transaction(change);
    } finally {
      this.#granted = false;
    }
  }
}
