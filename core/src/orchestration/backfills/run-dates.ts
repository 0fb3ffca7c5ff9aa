import { ApiError, type FieldError } from '../../errors.js';

/**
 * The run dates of a backfill, as Mage builds them (orchestration/backfills/service.py): from start_datetime to
 * end_datetime inclusive, one every `interval_units` of `interval_type`; seconds to weeks by fixed steps, months and
 * years by the calendar (dateutil's relativedelta, applied step after step, so a day clamped by a short month stays
 * clamped: Jan 31, Feb 28, Mar 28). `custom` steps by `interval_units` seconds, as Mage does. Every count and every
 * date is computed from its index, never by walking the dates: a window of millions of dates is refused at once.
 */

export const INTERVAL_TYPES = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year', 'custom'] as const;
export type IntervalType = (typeof INTERVAL_TYPES)[number];

/**
 * Runs one backfill makes at most. All of them are created in one transaction when it starts (about 600 bytes of JSON
 * each before their block runs exist: well under a megabyte), listed 40 to a page, and they must all stay within one
 * trigger's retention (MAX_FINISHED_RUNS_PER_TRIGGER, 1000 by default), or a backfill's own early runs would be
 * deleted before its last ones finish. 1000 daily runs are almost three years; 1000 hourly ones six weeks.
 */
export const MAX_RUNS_PER_BACKFILL = 1000;

/** The four settings that make the dates; times are ms since the epoch (UTC). */
export interface BackfillWindow {
  start_datetime: number | null;
  end_datetime: number | null;
  interval_type: string | null;
  interval_units: number | null;
}

/** The variables Mage gives each run of a backfill (and its preview): datetimes as Python's isoformat(). */
export interface RunDateVariables {
  ds: string;
  execution_date: string;
  hr: string;
  interval_end_datetime: string | null;
  interval_seconds: number | null;
  interval_start_datetime: string;
  interval_start_datetime_previous: string | null;
}

export interface RunDates {
  readonly count: number;
  /** The execution date (ms) of the run at `index` (0 <= index < count). */
  dateAt(index: number): number;
  variablesAt(index: number): RunDateVariables;
  /** At most `limit` dates from `offset` (Mage's include_preview_runs page), built alone. */
  page(offset: number, limit: number): RunDateVariables[];
}

/** Python's datetime range: year 1 to 9999. */
const MIN_MS = new Date(0).setUTCFullYear(1, 0, 1);
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const FIXED_STEP_MS: Partial<Record<IntervalType, number>> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  custom: 1000,
};
const UNIT_NAMES: Record<IntervalType, string> = {
  second: 'second',
  minute: 'minute',
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
  custom: 'second',
};

const isIntervalType = (value: unknown): value is IntervalType => INTERVAL_TYPES.some((type) => type === value);

/** A window with every setting present and valid. */
interface CheckedWindow {
  start: number;
  end: number;
  type: IntervalType;
  units: number;
}

/** 1234567 -> "1,234,567" (no locale data needed). */
export const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Mage's stored form of a datetime: `2026-11-01 00:00:00`. */
export function mageDateTime(ms: number): string {
  return isoFormat(ms).replace('T', ' ');
}

/** Python's naive datetime.isoformat(): microseconds only when there are any. */
export function isoFormat(ms: number): string {
  const d = new Date(ms);
  const base = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const millis = d.getUTCMilliseconds();
  return millis === 0 ? base : `${base}.${pad(millis, 3)}000`;
}

/**
 * The problems that keep a window from having dates, each with its attribute: a missing setting, an unknown
 * interval type, units that are not a whole number from 1, a datetime out of range, an end before the start.
 */
export function windowProblems(window: BackfillWindow): FieldError[] {
  const parsed = parseWindow(window);
  return Array.isArray(parsed) ? parsed : [];
}

function parseWindow(window: BackfillWindow): CheckedWindow | FieldError[] {
  const problems: FieldError[] = [];
  const need = (key: keyof BackfillWindow, what: string) =>
    problems.push({ path: `backfill.${key}`, message: `Set ${key} (${what}) before starting the backfill.` });
  const { start_datetime: start, end_datetime: end, interval_type: type, interval_units: units } = window;
  if (start === null) need('start_datetime', 'the first run date');
  if (end === null) need('end_datetime', 'the last run date, inclusive');
  if (type === null) need('interval_type', INTERVAL_TYPES.join(', '));
  if (units === null) need('interval_units', 'how many interval types between two runs');
  if (type !== null && !isIntervalType(type)) {
    problems.push({ path: 'backfill.interval_type', message: `interval_type ${JSON.stringify(type)} is not one of ${INTERVAL_TYPES.join(', ')}.` });
  }
  if (units !== null && !(Number.isSafeInteger(units) && units >= 1)) {
    problems.push({ path: 'backfill.interval_units', message: `interval_units must be a whole number of at least 1, not ${units}.` });
  }
  for (const [key, value] of [
    ['start_datetime', start],
    ['end_datetime', end],
  ] as const) {
    if (value !== null && !(Number.isFinite(value) && value >= MIN_MS && value <= MAX_MS)) {
      problems.push({ path: `backfill.${key}`, message: `${key} must be between the years 1 and 9999.` });
    }
  }
  if (problems.length > 0 || start === null || end === null || units === null || !isIntervalType(type)) return problems;
  if (end < start) {
    return [
      {
        path: 'backfill.end_datetime',
        message: `end_datetime ${mageDateTime(end)} is before start_datetime ${mageDateTime(start)}: the window would have no run dates.`,
      },
    ];
  }
  return { start, end, type, units };
}

/** The window's dates, or a 400 record_invalid naming each problem; `maxRuns` bounds the count (refused past it). */
export function runDatesOf(window: BackfillWindow, maxRuns = MAX_RUNS_PER_BACKFILL): RunDates {
  const checked = parseWindow(window);
  if (Array.isArray(checked)) throw new ApiError('record_invalid', checked.map((p) => p.message).join(' '), checked);
  const dates = datesOf(checked);
  const count = dates.countUntil(checked.end);
  if (count > maxRuns) throw tooMany(checked, dates, count, maxRuns);
  const variablesAt = (index: number) => variablesOf(dates, count, index);
  return {
    count,
    dateAt: (index) => dates.at(checkIndex(index, count)),
    variablesAt: (index) => variablesAt(checkIndex(index, count)),
    page(offset, limit) {
      const from = Math.max(0, Math.trunc(offset));
      const to = Math.min(count, from + Math.max(0, Math.trunc(limit)));
      const out: RunDateVariables[] = [];
      for (let i = from; i < to; i++) out.push(variablesAt(i));
      return out;
    },
  };
}

/** How many dates a valid window has, whatever the count (no cap): what total_run_count shows. */
export function countRunDates(window: BackfillWindow): number {
  const checked = parseWindow(window);
  return Array.isArray(checked) ? 0 : datesOf(checked).countUntil(checked.end);
}

function checkIndex(index: number, count: number): number {
  if (!Number.isSafeInteger(index) || index < 0 || index >= count) throw new RangeError(`Run date ${index} is outside 0..${count - 1}.`);
  return index;
}

/** A date sequence: the date at an index (Infinity past the year 9999), and how many are at or before an instant. */
interface DateSequence {
  at(index: number): number;
  countUntil(end: number): number;
  /** The smallest interval_units of this type that keeps the window within `maxRuns` dates. */
  unitsFor(end: number, maxRuns: number): number;
}

function datesOf({ start, type, units }: CheckedWindow): DateSequence {
  const fixed = FIXED_STEP_MS[type];
  if (fixed !== undefined) {
    const step = fixed * units;
    return {
      at: (index) => start + index * step,
      countUntil: (end) => Math.floor((end - start) / step) + 1,
      unitsFor: (end, maxRuns) => (maxRuns <= 1 ? Infinity : Math.max(1, Math.ceil((end - start) / fixed / (maxRuns - 1)))),
    };
  }
  return calendarDates(start, type === 'year' ? 12 * units : units);
}

const daysInMonth = (year: number, month: number) => (month === 1 ? (isLeap(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]!);
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const LAST_MONTH_INDEX = 9999 * 12 + 11;
const DAY_MS = 86_400_000;

/**
 * Months and years: the n-th date is n*months after the start, on the start's day clamped by the shortest month
 * passed through (the days 29 to 31 are lost for good in February or a 30-day month, as step-by-step relativedelta
 * does). When each clamp first happens is found once, with bounded scans: the month of year repeats within 12 steps,
 * and a February in a common year comes within 400 years.
 */
function calendarDates(start: number, months: number): DateSequence {
  const d = new Date(start);
  const firstMonth = d.getUTCFullYear() * 12 + d.getUTCMonth();
  const startDay = d.getUTCDate();
  const timeOfDay = ((start % DAY_MS) + DAY_MS) % DAY_MS;
  const monthAt = (index: number) => firstMonth + index * months;
  const period = 12 / gcd(months % 12, 12);
  const firstStep = (test: (monthIndex: number) => boolean, steps: number, stride = 1, from = 1) => {
    for (let n = 0, index = from; n < steps; n++, index += stride) {
      const m = monthAt(index);
      if (m > LAST_MONTH_INDEX) return Infinity;
      if (test(m)) return index;
    }
    return Infinity;
  };
  const isFebruary = (m: number) => m % 12 === 1;
  const first30 = startDay > 30 ? firstStep((m) => daysInMonth(Math.floor(m / 12), m % 12) <= 30, 12) : Infinity;
  const first29 = startDay > 29 ? firstStep(isFebruary, 12) : Infinity;
  const firstFebruary = firstStep(isFebruary, 12);
  const first28 = startDay > 28 && firstFebruary !== Infinity ? firstStep((m) => !isLeap(Math.floor(m / 12)), 401, period, firstFebruary) : Infinity;
  const dayAt = (index: number) => {
    if (index >= first28) return Math.min(startDay, 28);
    if (index >= first29) return Math.min(startDay, 29);
    if (index >= first30) return Math.min(startDay, 30);
    return startDay;
  };
  const at = (index: number) => {
    const m = monthAt(index);
    if (m > LAST_MONTH_INDEX) return Infinity;
    const date = new Date(0);
    date.setUTCFullYear(Math.floor(m / 12), m % 12, dayAt(index));
    return date.getTime() + timeOfDay;
  };
  return {
    at,
    countUntil(end) {
      const e = new Date(end);
      let index = Math.floor((e.getUTCFullYear() * 12 + e.getUTCMonth() - firstMonth) / months);
      // The estimate is by month only: at most one step off either way.
      while (index >= 0 && at(index) > end) index--;
      while (at(index + 1) <= end) index++;
      return index + 1;
    },
    unitsFor(end, maxRuns) {
      if (maxRuns <= 1) return Infinity;
      const e = new Date(end);
      const span = e.getUTCFullYear() * 12 + e.getUTCMonth() - firstMonth;
      return Math.max(1, Math.ceil(span / (maxRuns - 1)));
    },
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function variablesOf(dates: DateSequence, count: number, index: number): RunDateVariables {
  const start = dates.at(index);
  let end: number | null = null;
  let seconds: number | null = null;
  let previous: number | null = null;
  if (index < count - 1) {
    end = dates.at(index + 1);
    seconds = (end - start) / 1000;
    // Mage steps back by the interval that follows, not to the date before (they differ across months).
    previous = start - seconds * 1000;
  } else if (index >= 1) {
    previous = dates.at(index - 1);
    seconds = (start - previous) / 1000;
    end = start + seconds * 1000;
  }
  const iso = isoFormat(start);
  return {
    ds: iso.slice(0, 10),
    execution_date: iso,
    hr: iso.slice(11, 13),
    interval_end_datetime: end === null ? null : isoFormat(end),
    interval_seconds: seconds,
    interval_start_datetime: iso,
    interval_start_datetime_previous: previous === null ? null : isoFormat(previous),
  };
}

function tooMany(window: CheckedWindow, dates: DateSequence, count: number, maxRuns: number): ApiError {
  const { type, units, start, end } = window;
  const unit = UNIT_NAMES[type];
  const every = `${grouped(units)} ${unit}${units === 1 ? '' : 's'}`;
  const lastEnd = dates.at(maxRuns - 1);
  const wider = dates.unitsFor(end, maxRuns);
  const widerText = Number.isFinite(wider) ? `, or an interval of at least ${grouped(wider)} ${unit}s` : '';
  const message =
    `This backfill would make ${grouped(count)} runs (one every ${every} from ${mageDateTime(start)} ` +
    `to ${mageDateTime(end)}); a backfill makes at most ${grouped(maxRuns)}. Narrow it: an end_datetime ` +
    `at or before ${mageDateTime(lastEnd)}${widerText}. Nothing was changed.`;
  return new ApiError('record_invalid', message, [{ path: 'backfill.end_datetime', message }]);
}
