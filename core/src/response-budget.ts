import { ApiError } from './errors.js';

/** No answer's JSON is larger than this (docs/design-notes.md, "Limits": every request does bounded work). */
export const RESPONSE_BUDGET_BYTES = 16 * 1024 * 1024;

/** Characters JSON.stringify writes as they are, one UTF-8 byte each: a string of only these needs no per-character count. */
const NEEDS_COUNTING = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

/** Counting a long string once per answer, however many times it is repeated in it. */
const MEMO_MIN_LENGTH = 1024;

/**
 * The UTF-8 bytes JSON.stringify(value) writes, counted without writing them; stops, answering a number above
 * `budget`, as soon as the count passes it, so the work is bounded by the budget whatever the value (a string shared
 * by many records, a list of a million items). A loop, not recursion, so every depth is safe. Values are what presenters
 * make: plain objects (their enumerable keys are their own), arrays, strings, numbers, booleans, null, undefined.
 */
export function jsonBytesWithin(value: unknown, budget: number, memo = new Map<string, number>()): number {
  if (value === null || typeof value !== 'object') return scalarBytes(value === undefined ? null : value, memo);
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      // Brackets and commas; an undefined item is written as null.
      const items: unknown[] = current;
      total += items.length === 0 ? 2 : items.length + 1;
      for (const item of items) {
        if (item !== null && typeof item === 'object') stack.push(item);
        else total += scalarBytes(item === undefined || typeof item === 'function' ? null : item, memo);
      }
    } else if (isObject(current)) {
      // Braces, and per written member its quoted key, a colon and a comma; undefined members are not written.
      let members = 0;
      for (const key in current) {
        const member = current[key];
        if (member === undefined || typeof member === 'function') continue;
        members++;
        total += stringBytes(key, memo) + 1;
        if (member !== null && typeof member === 'object') stack.push(member);
        else total += scalarBytes(member, memo);
      }
      total += members === 0 ? 2 : members + 1;
    }
    if (total > budget) return total;
  }
  return total;
}

/**
 * An answer's JSON text, written part by part (the items of a list, then its envelope) and measured as it grows, so
 * writing stops at the first part past the budget; the text is sent as written, never serialised a second time.
 * A UTF-16 code unit takes at most 3 UTF-8 bytes: the exact count is taken only once the text could be over the
 * budget, which answers of ordinary size never are.
 */
export class BudgetedJson {
  readonly #parts: string[] = [];
  #units = 0;
  /** UTF-8 bytes of the parts so far, once they are counted exactly. */
  #bytes: number | undefined;

  /** `budget` undefined: the text is written whole, unmeasured. */
  constructor(readonly budget: number | undefined) {}

  /** Adds the JSON text of one part (and the comma before it); throws once the answer is over the budget. */
  add(text: string): void {
    this.#parts.push(text);
    const { budget } = this;
    if (budget === undefined) return;
    this.#units += text.length + 1;
    if (this.#bytes !== undefined) this.#bytes += utf8Bytes(text) + 1;
    else if (this.#units * 3 > budget) this.#bytes = this.#parts.reduce((sum, part) => sum + utf8Bytes(part) + 1, 0);
    if (this.#bytes !== undefined && this.#bytes > budget) throw new ResponseTooLarge(budget);
  }

  /** The whole text: the parts, comma-separated, between `open` and `close` (the envelope), which are measured too. */
  wrap(open: string, close: string): string {
    const items = this.#parts.join(',');
    this.#parts.length = 0;
    this.add(open + close);
    return open + items + close;
  }
}

/** The UTF-8 bytes of a well-formed or not JS string as TextEncoder writes it (a lone surrogate is 3 bytes). */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 2 units, 4 bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

/** An answer over the budget: a 400 that says how to get a smaller one. */
export class ResponseTooLarge extends ApiError {
  constructor(budget: number) {
    super(
      'api_resource_error',
      `The answer would exceed ${formatBytes(budget)}, the most one response carries: ask for fewer items with _limit (and page with _offset), ` +
        'or a lighter _format (compact on pipelines).',
    );
  }
}

function scalarBytes(value: unknown, memo: Map<string, number>): number {
  switch (typeof value) {
    case 'string':
      return stringBytes(value, memo);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'bigint':
      throw new TypeError('A presented value holds a bigint, which JSON cannot carry');
    default:
      return value === null ? 4 : 0;
  }
}

/** A string's bytes as JSON: quotes, escapes (`\n`, `\u0001`, lone surrogates), and UTF-8 for the rest. */
function stringBytes(text: string, memo: Map<string, number>): number {
  if (text.length < 32 ? plainShort(text) : !NEEDS_COUNTING.test(text)) return text.length + 2;
  const long = text.length >= MEMO_MIN_LENGTH;
  if (long) {
    const known = memo.get(text);
    if (known !== undefined) return known;
  }
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x22 || unit === 0x5c || unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d) bytes += 2;
    else if (unit < 0x20) bytes += 6;
    else if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 6;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  if (long) memo.set(text, bytes);
  return bytes;
}

/** NEEDS_COUNTING for a short string (attribute names, uuids, dates), without a regular expression's call. */
function plainShort(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20 || unit > 0x7e || unit === 0x22 || unit === 0x5c) return false;
  }
  return true;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}
