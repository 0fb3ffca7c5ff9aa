export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

const FORMATTED = new Map<number, string>();

/**
 * Mage's rendering of a datetime (Python str()): `2023-03-08 04:52:54.268000+00:00`. Remembered for the
 * last few thousand instants: a list presents the same records' timestamps over and over.
 */
export function formatDateTime(ms: number): string {
  let text = FORMATTED.get(ms);
  if (text === undefined) {
    const iso = new Date(ms).toISOString(); // 2023-03-08T04:52:54.268Z
    text = `${iso.slice(0, 10)} ${iso.slice(11, 23)}000+00:00`;
    if (FORMATTED.size >= 8192) FORMATTED.delete(FORMATTED.keys().next().value!);
    FORMATTED.set(ms, text);
  }
  return text;
}
