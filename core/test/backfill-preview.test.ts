import { describe, expect, it } from 'vitest';
import { backfillProgress } from '../src/orchestration/backfills/preview.js';
import type { BackfillWindow } from '../src/orchestration/backfills/run-dates.js';
import type { BackfillRun } from '../src/orchestration/backfills/state.js';

const DAY = 86_400_000;
const threeDays: BackfillWindow = { start_datetime: Date.UTC(2026, 10, 1), end_datetime: Date.UTC(2026, 10, 3), interval_type: 'day', interval_units: 1 };
const done: BackfillRun[] = [0, 1, 2].map((i) => ({ id: i + 1, execution_date: Date.UTC(2026, 10, 1) + i * DAY, status: 'completed' }));
const both = { includeRunCount: true, includePreviewRuns: true, offset: 0, limit: 40 };

describe('what include_run_count and include_preview_runs add', () => {
  it("reproduces Mage 0.9.80's answer for a completed three-day backfill", () => {
    const progress = backfillProgress(threeDays, done, both);
    expect(progress.total_run_count).toBe(3);
    expect(progress.run_status_counts).toEqual({ completed: 3 });
    expect(progress.pipeline_run_dates?.map((d) => d.ds)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
  });

  it('adds nothing unless asked, or while a window setting is missing', () => {
    expect(backfillProgress(threeDays, done, { ...both, includeRunCount: false, includePreviewRuns: false })).toEqual({});
    expect(backfillProgress({ ...threeDays, interval_units: null }, done, both)).toEqual({});
    expect(backfillProgress(threeDays, [], { ...both, includePreviewRuns: false })).toEqual({ total_run_count: 3, run_status_counts: {} });
  });

  it('pages the preview; a window with no dates counts 0; one over the cap shows its count and a page', () => {
    expect(backfillProgress(threeDays, [], { ...both, offset: 1, limit: 1 }).pipeline_run_dates?.map((d) => d.ds)).toEqual(['2026-11-02']);
    expect(backfillProgress({ ...threeDays, end_datetime: Date.UTC(2026, 9, 1) }, [], both)).toEqual({
      total_run_count: 0,
      run_status_counts: {},
      pipeline_run_dates: [],
    });
    const tenYears = { start_datetime: Date.UTC(2016, 0, 1), end_datetime: Date.UTC(2026, 0, 1), interval_type: 'second', interval_units: 1 };
    const progress = backfillProgress(tenYears, [], { ...both, offset: 315_619_199, limit: 40 });
    expect(progress.total_run_count).toBe(315_619_201);
    expect(progress.pipeline_run_dates?.map((d) => d.execution_date)).toEqual(['2025-12-31T23:59:59', '2026-01-01T00:00:00']);
  });
});
