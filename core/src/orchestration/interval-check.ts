import type { Cron } from 'croner';
import { invalid } from '../errors.js';
import { cronOf, PRESETS } from '../model/interval.js';

const DAY = 24 * 3_600_000;

/** A cron expression must fire within this long of being saved: one that never does would be searched on every use. */
const FIRES_WITHIN_MS = 5 * 365 * DAY;

/**
 * 400 record_invalid unless `value` is a preset or a cron expression croner accepts that fires within five
 * years of `now` (`0 0 30 2 *`, February 30th, parses but never fires).
 */
export function checkInterval(value: string | null | undefined, path: string, now: number): void {
  if (value === null || value === undefined || PRESETS.has(value)) return;
  let cron: Cron;
  try {
    cron = cronOf(value);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^CronPattern: /, '').replace(/\.+$/, '') : 'not a cron expression';
    throw invalid(
      path,
      `Cron expression ${JSON.stringify(value)} is invalid: ${reason}. Use one of ${[...PRESETS].join(', ')} or a cron expression such as "0 * * * *".`,
    );
  }
  const next = cron.nextRun(new Date(now))?.getTime();
  if (next === undefined || next > now + FIRES_WITHIN_MS) {
    throw invalid(path, `Cron expression ${JSON.stringify(value)} has no fire time in the next five years; a trigger on it would never run.`);
  }
}
