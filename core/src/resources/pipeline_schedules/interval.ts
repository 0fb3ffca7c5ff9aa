import { Cron } from 'croner';
import { invalid } from '../../errors.js';

/** Mage's presets; anything else must be a cron expression (UTC). */
export const PRESETS: ReadonlySet<string> = new Set(['@once', '@hourly', '@daily', '@weekly', '@monthly', '@always_on']);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A parsed cron expression (paused: croner never schedules anything here; the scheduler asks it for dates). */
const cronOf = (expression: string): Cron => new Cron(expression, { timezone: 'UTC', paused: true });

/** 400 record_invalid unless `value` is a preset or a cron expression croner accepts. */
export function checkInterval(value: string | null | undefined, path: string): void {
  if (value === null || value === undefined || PRESETS.has(value)) return;
  try {
    cronOf(value);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^CronPattern: /, '').replace(/\.+$/, '') : 'not a cron expression';
    throw invalid(
      path,
      `Cron expression ${JSON.stringify(value)} is invalid: ${reason}. Use one of ${[...PRESETS].join(', ')} or a cron expression such as "0 * * * *".`,
    );
  }
}

/**
 * The start of the interval `now` is in (Mage's current_execution_date): the hour, midnight, Monday 00:00,
 * the 1st at 00:00, or the latest cron time <= now. Undefined for @once, @always_on and no interval.
 */
export function currentExecutionDate(interval: string | null, now: number): number | undefined {
  if (interval === null || interval === '@once' || interval === '@always_on') return undefined;
  if (interval === '@hourly') return now - (now % HOUR);
  if (interval === '@daily') return now - (now % DAY);
  if (interval === '@weekly') {
    const midnight = now - (now % DAY);
    const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday 0
    return midnight - weekday * DAY;
  }
  if (interval === '@monthly') {
    const d = new Date(now);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const previous = cronOf(interval).previousRuns(1, new Date(now + 1))[0];
  return previous?.getTime();
}

/** When the next interval starts after `now` (the presenter's next_pipeline_run_date). */
export function nextExecutionDate(interval: string | null, now: number): number | undefined {
  if (interval === null || interval === '@once' || interval === '@always_on') return undefined;
  if (interval === '@hourly') return now - (now % HOUR) + HOUR;
  if (interval === '@daily') return now - (now % DAY) + DAY;
  if (interval === '@weekly') return currentExecutionDate(interval, now)! + 7 * DAY;
  if (interval === '@monthly') {
    const d = new Date(now);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return cronOf(interval).nextRun(new Date(now))?.getTime();
}

/** Mage's datetimes (`2023-03-06 04:53:00`, UTC when no offset) and ISO 8601. */
export function parseDateTime(value: string, path: string): number {
  let text = value.trim().replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text += 'T00:00:00';
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) text += 'Z';
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) throw invalid(path, `${JSON.stringify(value)} is not a datetime; use YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601.`);
  return ms;
}
