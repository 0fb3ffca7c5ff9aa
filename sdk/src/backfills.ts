import type { APIPromise } from './core/api-promise.js';
import { APIUserAbortError, PipelineApiError } from './core/errors.js';
import type { RequestOptions } from './core/options.js';
import type { Backfill } from './generated/types.js';
import { sleep } from './runs.js';

/** What `client.backfills` adds to its routes: start and cancel, each an update of its `status`. */
export interface BackfillActions {
  /** Starts a draft, `failed` or `cancelled` backfill (`status: initial`): a new run per date of its window. */
  start(id: number | string, options?: RequestOptions): APIPromise<Backfill>;
  /** Cancels a backfill's unfinished runs (`status: cancelled`). */
  cancel(id: number | string, options?: RequestOptions): APIPromise<Backfill>;
}

type Update = (id: number | string, backfill: { status: 'initial' | 'cancelled' }, options?: RequestOptions) => APIPromise<Backfill>;

/** The start and cancel of a client's `backfills` node, made from its generated `update`. */
export function backfillActions(update: Update): BackfillActions {
  return {
    start: (id, options) => update(id, { status: 'initial' }, options),
    cancel: (id, options) => update(id, { status: 'cancelled' }, options),
  };
}

/** Where a backfill is: its runs by status (the latest run of each date), out of how many. */
export interface BackfillProgress {
  backfill: Backfill;
  /** Runs it makes: one per date of its window. */
  total: number;
  /** The latest run of each date, by status (`run_status_counts`). */
  counts: Readonly<Record<string, number>>;
  /** Latest runs that finished (completed, failed or cancelled). */
  finished: number;
}

/** `waitForBackfill` gave up: the backfill was still going when the timeout passed. */
export class BackfillWaitTimeoutError extends PipelineApiError {
  override name = 'BackfillWaitTimeoutError';
  constructor(
    readonly backfill: Backfill,
    timeoutMs: number,
  ) {
    super(`Backfill ${backfill.id} is still ${String(backfill.status)} after ${timeoutMs} ms.`);
  }
}

/** `waitForBackfill` on a backfill that has not started: nothing would ever change. */
export class BackfillNotStartedError extends PipelineApiError {
  override name = 'BackfillNotStartedError';
  constructor(readonly backfill: Backfill) {
    super(`Backfill ${backfill.id} has not started (status null): start it first, with client.backfills.start(${backfill.id}).`);
  }
}

export interface WaitForBackfillOptions {
  /** Milliseconds between polls (default 1000). */
  interval?: number;
  /** Give up after this many milliseconds (default 600 000); throws BackfillWaitTimeoutError with the last backfill read. */
  timeout?: number;
  signal?: AbortSignal;
  /** Called with each poll's progress, e.g. to draw a bar: `finished` of `total`. */
  onProgress?: (progress: BackfillProgress) => void;
  /** Per-request options for each poll. */
  request?: RequestOptions;
}

/** What waitForBackfill needs of a client. */
interface BackfillReader {
  backfills: { detail(id: number | string, query?: { include_run_count?: boolean }, options?: RequestOptions): APIPromise<Backfill> };
}

const IN_PROGRESS = ['initial', 'running'];

/** The progress a backfill read with `include_run_count` shows. */
export function backfillProgress(backfill: Backfill): BackfillProgress {
  const counts = backfill.run_status_counts ?? {};
  let finished = 0;
  for (const [status, n] of Object.entries(counts)) if (!IN_PROGRESS.includes(status)) finished += n;
  return { backfill, total: backfill.total_run_count ?? 0, counts, finished };
}

/**
 * Polls a started backfill until it is over: `completed`, `cancelled`, or `failed` with none of its runs still in
 * progress (a failed backfill's other runs go on, as in Mage). Resolves with the backfill (with its counts) whatever
 * the outcome: check its `status`.
 */
export async function waitForBackfill(client: BackfillReader, id: number | string, options: WaitForBackfillOptions = {}): Promise<Backfill> {
  const interval = options.interval ?? 1000;
  const timeout = options.timeout ?? 600_000;
  const deadline = Date.now() + timeout;
  const request = { ...options.request, signal: options.signal ?? options.request?.signal };
  for (;;) {
    if (options.signal?.aborted) throw new APIUserAbortError();
    const backfill = await client.backfills.detail(id, { include_run_count: true }, request);
    const progress = backfillProgress(backfill);
    options.onProgress?.(progress);
    if (backfill.status === null) throw new BackfillNotStartedError(backfill);
    const inProgress = IN_PROGRESS.reduce((sum, status) => sum + (progress.counts[status] ?? 0), 0);
    if (backfill.status === 'completed' || backfill.status === 'cancelled' || (backfill.status === 'failed' && inProgress === 0)) return backfill;
    const left = deadline - Date.now();
    if (left <= 0) throw new BackfillWaitTimeoutError(backfill, timeout);
    await sleep(Math.min(interval, left), options.signal);
  }
}
