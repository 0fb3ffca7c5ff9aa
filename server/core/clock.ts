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
