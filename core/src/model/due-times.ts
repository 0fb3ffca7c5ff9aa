import { SortedKeys } from '../repository/sorted-keys.js';

/** Ids as fixed-width text after their time, so text order is time order, then id order. */
const WIDTH = 16;
const keyOf = (at: number, id: number) => `${String(Math.max(0, at)).padStart(WIDTH, '0')}:${String(id).padStart(WIDTH, '0')}`;
const MAX_BATCH = 256;

/**
 * The due-time index: each trigger's next fire time, earliest first. A tick reads only the entries due by
 * its `now`, so it costs O(due triggers) however many triggers wait for a later time.
 */
export class DueTimes {
  readonly #at = new Map<number, number>();
  readonly #order = new SortedKeys<string>();

  /** Sets (or, with undefined, clears) when `id` is next due. */
  set(id: number, at: number | undefined): void {
    const before = this.#at.get(id);
    if (before === at) return;
    if (before !== undefined) this.#order.delete(keyOf(before, id));
    if (at === undefined) this.#at.delete(id);
    else {
      this.#at.set(id, at);
      this.#order.insert(keyOf(at, id));
    }
  }

  get(id: number): number | undefined {
    return this.#at.get(id);
  }

  /** Ids due at or before `now`, earliest first. */
  dueBy(now: number): number[] {
    const last = keyOf(now, Number.MAX_SAFE_INTEGER);
    const due: number[] = [];
    // Batches from one key up: a tick with nothing due reads a single entry.
    for (let start = 0, size = 1; start < this.#order.length; start += size, size = Math.min(size * 4, MAX_BATCH)) {
      for (const key of this.#order.slice(start, start + size)) {
        if (key > last) return due;
        due.push(Number(key.slice(WIDTH + 1)));
      }
    }
    return due;
  }

  get size(): number {
    return this.#at.size;
  }
}
