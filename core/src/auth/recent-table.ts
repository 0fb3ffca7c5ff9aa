/**
 * A map of at most `capacity` entries that forgets the least recently used one to make room. Throttles keep their
 * per-client counts here: a full table never refuses a newcomer (which would lock every new client out while an
 * attacker keeps it full); it forgets the client seen longest ago, whose count a sprayer could have reset anyway
 * by coming back from a new address.
 */
export class RecentTable<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  /** The entry, marked as used now. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  /** Deletes `key` only while it still holds `value` (an entry evicted and made again is another value). */
  deleteIf(key: K, value: V): void {
    if (this.#entries.get(key) === value) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
