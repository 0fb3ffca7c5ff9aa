import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/errors.js';
import {
  countRunDates,
  isoFormat,
  MAX_RUNS_PER_BACKFILL,
  runDatesOf,
  type BackfillWindow,
  type IntervalType,
} from '../src/orchestration/backfills/run-dates.js';

const utc = (text: string) => Date.parse(`${text}Z`);
const window = (start: string, end: string, interval_type: string | null, interval_units: number | null = 1): BackfillWindow => ({
  start_datetime: utc(start),
  end_datetime: utc(end),
  interval_type,
  interval_units,
});
const refusal = (fn: () => unknown): ApiError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('run dates of a backfill', () => {
  it("reproduces Mage 0.9.80's answer for three days, one a day, end inclusive", () => {
    const dates = runDatesOf(window('2026-11-01T00:00:00', '2026-11-03T00:00:00', 'day'));
    expect(dates.count).toBe(3);
    // backfill-detail-preview.json, pipeline_run_dates, verbatim.
    expect(dates.page(0, 40)).toEqual([
      {
        ds: '2026-11-01',
        execution_date: '2026-11-01T00:00:00',
        hr: '00',
        interval_end_datetime: '2026-11-02T00:00:00',
        interval_seconds: 86400,
        interval_start_datetime: '2026-11-01T00:00:00',
        interval_start_datetime_previous: '2026-10-31T00:00:00',
      },
      {
        ds: '2026-11-02',
        execution_date: '2026-11-02T00:00:00',
        hr: '00',
        interval_end_datetime: '2026-11-03T00:00:00',
        interval_seconds: 86400,
        interval_start_datetime: '2026-11-02T00:00:00',
        interval_start_datetime_previous: '2026-11-01T00:00:00',
      },
      {
        ds: '2026-11-03',
        execution_date: '2026-11-03T00:00:00',
        hr: '00',
        interval_end_datetime: '2026-11-04T00:00:00',
        interval_seconds: 86400,
        interval_start_datetime: '2026-11-03T00:00:00',
        interval_start_datetime_previous: '2026-11-02T00:00:00',
      },
    ]);
  });

  it('a single date has no interval (Mage leaves end, seconds and previous empty)', () => {
    const dates = runDatesOf(window('2026-11-01T06:00:00', '2026-11-01T23:00:00', 'day'));
    expect(dates.count).toBe(1);
    expect(dates.variablesAt(0)).toMatchObject({ hr: '06', interval_end_datetime: null, interval_seconds: null, interval_start_datetime_previous: null });
  });

  it('months keep a day clamped by a short month, as step-by-step relativedelta does', () => {
    const dates = runDatesOf(window('2026-01-31T12:30:00', '2026-06-30T00:00:00', 'month'));
    expect(Array.from({ length: dates.count }, (_, i) => isoFormat(dates.dateAt(i)))).toEqual([
      '2026-01-31T12:30:00',
      '2026-02-28T12:30:00',
      '2026-03-28T12:30:00',
      '2026-04-28T12:30:00',
      '2026-05-28T12:30:00',
      '2026-06-28T12:30:00',
    ]);
    // The last date: its interval is the one before it; earlier ones step back by the interval after them.
    expect(dates.variablesAt(5)).toMatchObject({ interval_seconds: 31 * 86400, interval_end_datetime: '2026-07-29T12:30:00' });
    expect(dates.variablesAt(0)).toMatchObject({ interval_seconds: 28 * 86400, interval_start_datetime_previous: '2026-01-03T12:30:00' });
  });

  it('leap years: Feb 29 yearly becomes Feb 28 and stays there; a leap February keeps the 29th', () => {
    const yearly = runDatesOf(window('2024-02-29T00:00:00', '2029-01-01T00:00:00', 'year'));
    expect(Array.from({ length: yearly.count }, (_, i) => isoFormat(yearly.dateAt(i)).slice(0, 10))).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-28',
    ]);
    const monthly = runDatesOf(window('2024-01-30T00:00:00', '2024-04-30T00:00:00', 'month'));
    expect(Array.from({ length: monthly.count }, (_, i) => isoFormat(monthly.dateAt(i)).slice(0, 10))).toEqual([
      '2024-01-30',
      '2024-02-29',
      '2024-03-29',
      '2024-04-29',
    ]);
    // Every four years from a leap day: leap every time until 2100, a common year.
    const fourYearly = runDatesOf(window('2080-02-29T00:00:00', '2108-03-01T00:00:00', 'year', 4));
    expect(isoFormat(fourYearly.dateAt(4)).slice(0, 10)).toBe('2096-02-29');
    expect(isoFormat(fourYearly.dateAt(5)).slice(0, 10)).toBe('2100-02-28');
    expect(isoFormat(fourYearly.dateAt(6)).slice(0, 10)).toBe('2104-02-28');
  });

  it('weeks, and hours with their hr', () => {
    const weeks = runDatesOf(window('2026-11-02T00:00:00', '2026-11-30T00:00:00', 'week', 2));
    expect(weeks.page(0, 10).map((v) => v.ds)).toEqual(['2026-11-02', '2026-11-16', '2026-11-30']);
    expect(weeks.variablesAt(0).interval_seconds).toBe(14 * 86400);
    const hours = runDatesOf(window('2026-11-01T22:00:00', '2026-11-02T02:00:00', 'hour'));
    expect(hours.page(0, 10).map((v) => `${v.ds} ${v.hr}`)).toEqual(['2026-11-01 22', '2026-11-01 23', '2026-11-02 00', '2026-11-02 01', '2026-11-02 02']);
  });

  it('custom steps by interval_units seconds, as Mage does', () => {
    const dates = runDatesOf(window('2026-11-01T00:00:00', '2026-11-01T00:01:00', 'custom', 20));
    expect(dates.page(0, 10).map((v) => v.execution_date)).toEqual([
      '2026-11-01T00:00:00',
      '2026-11-01T00:00:20',
      '2026-11-01T00:00:40',
      '2026-11-01T00:01:00',
    ]);
  });

  it('milliseconds print as Python microseconds', () => {
    expect(isoFormat(utc('2026-11-01T00:00:00.250'))).toBe('2026-11-01T00:00:00.250000');
  });

  it('pages from an offset without building the dates before it', () => {
    const dates = runDatesOf(window('2020-01-01T00:00:00', '2020-02-11T15:00:00', 'hour'));
    expect(dates.count).toBe(1000);
    const page = dates.page(990, 40);
    expect(page).toHaveLength(10);
    expect(page[0]!.execution_date).toBe('2020-02-11T06:00:00');
    expect(page.at(-1)!.interval_end_datetime).toBe('2020-02-11T16:00:00');
    expect(dates.page(1000, 40)).toEqual([]);
    expect(() => dates.dateAt(1000)).toThrow(RangeError);
  });

  it('refuses ten years of seconds at once, naming the count, the cap and how to narrow it', () => {
    const error = refusal(() => runDatesOf(window('2016-01-01T00:00:00', '2026-01-01T00:00:00', 'second')));
    expect(error.type).toBe('record_invalid');
    expect(error.message).toContain('315,619,201 runs');
    expect(error.message).toContain('at most 1,000');
    expect(error.message).toContain('at or before 2016-01-01 00:16:39');
    expect(error.message).toContain('at least 315,936 seconds');
    expect(error.errors?.[0]?.path).toBe('backfill.end_datetime');
    expect(countRunDates(window('2016-01-01T00:00:00', '2026-01-01T00:00:00', 'second'))).toBe(315_619_201);
    // The suggested interval fits.
    expect(runDatesOf(window('2016-01-01T00:00:00', '2026-01-01T00:00:00', 'second', 315_936)).count).toBeLessThanOrEqual(MAX_RUNS_PER_BACKFILL);
  });

  it('the cap is exact: 1000 runs pass, 1001 are refused; a smaller cap applies', () => {
    expect(runDatesOf(window('2020-01-01T00:00:00', '2020-01-01T00:16:39', 'second')).count).toBe(1000);
    expect(refusal(() => runDatesOf(window('2020-01-01T00:00:00', '2020-01-01T00:16:40', 'second'))).message).toContain('1,001 runs');
    expect(refusal(() => runDatesOf(window('2020-01-01T00:00:00', '2020-01-10T00:00:00', 'day'), 5)).message).toContain('at most 5');
    expect(refusal(() => runDatesOf(window('1000-01-31T00:00:00', '9999-12-31T00:00:00', 'month'))).message).toContain('108,000 runs');
  });

  it('refuses an end before the start, units below 1, unknown types and missing settings, each with its attribute', () => {
    const backwards = refusal(() => runDatesOf(window('2026-11-03T00:00:00', '2026-11-01T00:00:00', 'day')));
    expect(backwards.message).toBe('end_datetime 2026-11-01 00:00:00 is before start_datetime 2026-11-03 00:00:00: the window would have no run dates.');
    expect(refusal(() => runDatesOf(window('2026-11-01T00:00:00', '2026-11-02T00:00:00', 'day', 0))).errors).toEqual([
      { path: 'backfill.interval_units', message: 'interval_units must be a whole number of at least 1, not 0.' },
    ]);
    expect(refusal(() => runDatesOf(window('2026-11-01T00:00:00', '2026-11-02T00:00:00', 'day', 1.5))).errors?.[0]?.path).toBe('backfill.interval_units');
    expect(refusal(() => runDatesOf(window('2026-11-01T00:00:00', '2026-11-02T00:00:00', 'fortnight'))).message).toContain('"fortnight" is not one of');
    const draft = refusal(() => runDatesOf({ start_datetime: null, end_datetime: null, interval_type: null, interval_units: null }));
    expect(draft.errors?.map((e) => e.path)).toEqual(['backfill.start_datetime', 'backfill.end_datetime', 'backfill.interval_type', 'backfill.interval_units']);
    expect(countRunDates({ start_datetime: null, end_datetime: null, interval_type: 'day', interval_units: 1 })).toBe(0);
  });
});

/** Mage's loop, step by step: a reference for small windows. */
function mageDates(w: BackfillWindow): number[] {
  const out: number[] = [];
  let current = w.start_datetime!;
  const type = w.interval_type as IntervalType;
  const units = w.interval_units!;
  const step = { second: 1, minute: 60, hour: 3600, day: 86400, week: 604800, custom: 1 } as Record<string, number>;
  while (current <= w.end_datetime! && out.length < 5000) {
    out.push(current);
    if (type === 'month' || type === 'year') {
      const d = new Date(current);
      const m = d.getUTCFullYear() * 12 + d.getUTCMonth() + (type === 'year' ? 12 * units : units);
      const year = Math.floor(m / 12);
      const days = new Date(Date.UTC(2000, 0, 1)).setUTCFullYear(year, (m % 12) + 1, 0);
      const next = new Date(current);
      next.setUTCFullYear(year, m % 12, Math.min(d.getUTCDate(), new Date(days).getUTCDate()));
      current = next.getTime();
    } else {
      current += step[type]! * units * 1000;
    }
  }
  return out;
}

describe('run dates, against a step-by-step reference', () => {
  const windows = fc
    .record({
      start: fc.date({ min: new Date('1899-01-01T00:00:00Z'), max: new Date('2400-12-31T00:00:00Z'), noInvalidDate: true }),
      type: fc.constantFrom<IntervalType>('second', 'minute', 'hour', 'day', 'week', 'month', 'year', 'custom'),
      units: fc.integer({ min: 1, max: 50 }),
      steps: fc.integer({ min: 0, max: 120 }),
      slack: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ start, type, units, steps, slack }) => {
      const s = start.getTime() - (start.getTime() % 1000);
      const approxStep = { second: 1, minute: 60, hour: 3600, day: 86400, week: 604800, month: 2_629_746, year: 31_556_952, custom: 1 }[type] * units * 1000;
      return {
        start_datetime: s,
        end_datetime: s + Math.floor((steps + slack) * approxStep),
        interval_type: type,
        interval_units: units,
      } satisfies BackfillWindow;
    });

  it('the count and every date equal the reference, and the count is found without walking', () => {
    fc.assert(
      fc.property(windows, (w) => {
        const expected = mageDates(w);
        const dates = runDatesOf(w, 5000);
        expect(dates.count).toBe(expected.length);
        expect(countRunDates(w)).toBe(expected.length);
        expect(Array.from({ length: dates.count }, (_, i) => dates.dateAt(i))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('fixed intervals count floor(span / step) + 1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.constantFrom<IntervalType>('second', 'minute', 'hour', 'day', 'week'),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (span, type, units) => {
          const stepMs = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 }[type as string]! * units;
          const start = Date.UTC(2000, 0, 1);
          expect(countRunDates({ start_datetime: start, end_datetime: start + span, interval_type: type, interval_units: units })).toBe(
            Math.floor(span / stepMs) + 1,
          );
        },
      ),
    );
  });
});
