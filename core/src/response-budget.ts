import { ApiError } from './errors.js';

/** No answer's JSON is larger than this (docs/design-notes.md, "Limits": every request does bounded work). */
export const RESPONSE_BUDGET_BYTES = 16 * 1024 * 1024;

/**
 * An answer's JSON text, written part by part (the items of a list, then its envelope) and measured as it grows, so
 * writing stops at the first part past the budget; the text is sent as written, never serialised a second time.
 * A UTF-16 code unit takes at most 3 UTF-8 bytes: the exact count is taken only once the text could be over the
 * budget, which answers of ordinary size never are.
 */
export class BudgetedJson {
  readonly #parts: string[] = [];
  /** The envelope's text, once `wrap` has it. */
  #envelope = '';
  #units = 0;
  /** UTF-8 bytes of the text so far, once they are counted exactly. */
  #bytes: number | undefined;

  /** `budget` undefined: the text is written whole, unmeasured. */
  constructor(readonly budget: number | undefined) {}

  /** Adds the JSON text of one part (and the comma before it); throws once the answer is over the budget. */
  add(text: string): void {
    this.#parts.push(text);
    this.#count(text, this.#parts.length > 1 ? 1 : 0);
  }

  /** The whole text: the parts, comma-separated, between `open` and `close` (the envelope), which are measured too. */
  wrap(open: string, close: string): string {
    this.#envelope = open + close;
    this.#count(this.#envelope, 0);
    return open + this.#parts.join(',') + close;
  }

  /** Counts `text` and the commas before it: code units while the text cannot be over the budget, then bytes. */
  #count(text: string, commas: number): void {
    const { budget } = this;
    if (budget === undefined) return;
    this.#units += text.length + commas;
    if (this.#bytes !== undefined) this.#bytes += utf8Bytes(text) + commas;
    else if (this.#units * 3 > budget) {
      const parts = this.#parts;
      let bytes = utf8Bytes(this.#envelope) + Math.max(parts.length - 1, 0);
      for (const part of parts) bytes += utf8Bytes(part);
      this.#bytes = bytes;
    }
    if (this.#bytes !== undefined && this.#bytes > budget) throw new ResponseTooLarge(budget);
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

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}
