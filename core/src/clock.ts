export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Mage's rendering of a datetime (Python str()): `2023-03-08 04:52:54.268000+00:00`. */
export function formatDateTime(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2023-03-08T04:52:54.268Z
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}000+00:00`;
}

const REMEMBERED = 8192;

/**
 * formatDateTime remembered for the last few thousand instants: a list presents the same records'
 * timestamps over and over. One per API instance.
 */
export class DateTimes {
  readonly #formatted = new Map<number, string>();

  format(ms: number): string {
    let text = this.#formatted.get(ms);
    if (text === undefined) {
      text = formatDateTime(ms);
      if (this.#formatted.size >= REMEMBERED) this.#formatted.delete(this.#formatted.keys().next().value!);
      this.#formatted.set(ms, text);
    }
    return text;
  }
}
