import type { RunStatus } from '../../model/runs.js';
import { countRunDates, runDatesOf, windowProblems, type BackfillWindow, type RunDateVariables } from './run-dates.js';
import { runStatusCounts, type BackfillRun } from './state.js';

/** What `include_run_count` and `include_preview_runs` add to a backfill in an answer (Mage's BackfillPresenter). */
export interface BackfillProgress {
  total_run_count?: number;
  run_status_counts?: Partial<Record<RunStatus, number>>;
  pipeline_run_dates?: RunDateVariables[];
}

export interface ProgressOptions {
  includeRunCount: boolean;
  includePreviewRuns: boolean;
  /** The page of preview dates (`_offset`, `_limit`: Mage's default 40). */
  offset: number;
  limit: number;
}

/**
 * The extra fields, when asked for and the window's four settings are all set (as Mage). `total_run_count` is the
 * number of dates of the window, whatever the cap (a window over it shows how far over); a window with no dates (an
 * end before its start) counts 0 and previews none, as Mage does. The preview is one page, built alone.
 */
export function backfillProgress(window: BackfillWindow, runs: Iterable<BackfillRun>, options: ProgressOptions): BackfillProgress {
  if (!options.includeRunCount && !options.includePreviewRuns) return {};
  const { start_datetime, end_datetime, interval_type, interval_units } = window;
  if (start_datetime === null || end_datetime === null || interval_type === null || interval_units === null) return {};
  const progress: BackfillProgress = { total_run_count: countRunDates(window), run_status_counts: runStatusCounts(runs) };
  if (options.includePreviewRuns) {
    progress.pipeline_run_dates = windowProblems(window).length > 0 ? [] : runDatesOf(window, Number.MAX_SAFE_INTEGER).page(options.offset, options.limit);
  }
  return progress;
}
