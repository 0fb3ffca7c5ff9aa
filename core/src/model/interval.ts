import type { Cron } from 'croner';
import { invalid } from '../errors.js';
import { lazyModule } from '../lazy-module.js';

/** Mage's presets; anything else must be a cron expression (UTC). */
export const PRESETS: ReadonlySet<string> = new Set(['@once', '@hourly', '@daily', '@weekly', '@monthly', '@always_on']);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * croner, imported on first need: a page whose triggers use only presets (or none) never loads it. The core awaits
 * loadCron() before any code that reads a cron expression can run: before a write naming one (declared in
 * core/src/chunks.ts) and when the API opens a repository that may hold stored ones.
 */
const croner = lazyModule(() => import('croner'));

export const loadCron = async (): Promise<void> => {
  await croner.load();
};

/** Whether croner is loaded (the sync functions below need it for a cron expression). */
export const isCronLoaded = () => croner.loaded !== undefined;

/** A schedule interval that is a cron expression (not a preset, not empty): reading it needs croner. */
export const isCronExpression = (value: unknown): value is string => typeof value === 'string' && !PRESETS.has(value);

/**
 * A parsed cron expression, in UTC (paused: croner never schedules anything here; the scheduler asks it for
 * dates). `utcOffset: 0` rather than `timezone: 'UTC'`: the same dates without a time-zone lookup per date,
 * about nine times faster.
 */
export function cronOf(expression: string): Cron {
  // Not cached across calls: module state would be shared by every API in the process (the due-time index already
  // asks croner only when a trigger is saved or fires).
  const { Cron } = croner.required(`croner is not loaded yet: the cron expression ${JSON.stringify(expression)} was read before loadCron().`);
  return new Cron(expression, { utcOffset: 0, paused: true });
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
  // croner counts whole seconds and looks strictly before: from the next second, a time fired at `now` is found too.
  const cron = cronOf(interval);
  const previous = cron.previousRuns(1, new Date(now - (now % 1000) + 1000))[0]?.getTime();
  return previous !== undefined && previous > now ? cron.previousRuns(1, new Date(now))[0]?.getTime() : previous;
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

/** The first interval start at or after `at` (for a cron expression, the first time it fires then or later). */
export function firstFireAtOrAfter(interval: string, at: number): number | undefined {
  if (PRESETS.has(interval)) return currentExecutionDate(interval, at) === at ? at : nextExecutionDate(interval, at);
  return cronOf(interval)
    .nextRun(new Date(at - 1))
    ?.getTime();
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
