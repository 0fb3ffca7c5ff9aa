import type { Client } from './client.js';
import { APIConnectionError, APIUserAbortError, PipelineApiError, errorFromBody } from './core/errors.js';
import type { Fetch, RequestOptions } from './core/options.js';
import { encodePathParameter } from './core/path.js';
import type { PipelineRun } from './generated/types.js';

/** Every run status this SDK knows, in the order a run moves through them. */
export const PIPELINE_RUN_STATUSES = ['initial', 'running', 'completed', 'failed', 'cancelled'] as const;
export type KnownPipelineRunStatus = (typeof PIPELINE_RUN_STATUSES)[number];
export const BLOCK_RUN_STATUSES = ['initial', 'queued', 'running', 'completed', 'failed', 'cancelled', 'upstream_failed', 'condition_failed'] as const;
export type KnownBlockRunStatus = (typeof BLOCK_RUN_STATUSES)[number];

const TERMINAL_RUN = new Set<string>(['completed', 'failed', 'cancelled']);
const TERMINAL_BLOCK = new Set<string>(['completed', 'failed', 'cancelled', 'upstream_failed', 'condition_failed']);

/**
 * A status to switch on exhaustively: a value this SDK does not know (a newer server's) comes back as
 * `'unknown'`, so `switch (runStatus(run.status))` with a case per known status plus `'unknown'` type-checks
 * as complete, and never breaks on a new value.
 */
export function runStatus(status: string): KnownPipelineRunStatus | 'unknown' {
  return (PIPELINE_RUN_STATUSES as readonly string[]).includes(status) ? (status as KnownPipelineRunStatus) : 'unknown';
}
export function blockRunStatus(status: string): KnownBlockRunStatus | 'unknown' {
  return (BLOCK_RUN_STATUSES as readonly string[]).includes(status) ? (status as KnownBlockRunStatus) : 'unknown';
}
/** Will this run change again on its own? (`completed`, `failed`, `cancelled` will not; retry starts it again.) */
export const isTerminalRunStatus = (status: string) => TERMINAL_RUN.has(status);
export const isTerminalBlockRunStatus = (status: string) => TERMINAL_BLOCK.has(status);

/** `waitForRun` gave up: the run was still going when the timeout passed. */
export class RunWaitTimeoutError extends PipelineApiError {
  override name = 'RunWaitTimeoutError';
  constructor(
    readonly run: PipelineRun,
    timeoutMs: number,
  ) {
    super(`Pipeline run ${run.id} is still ${run.status} after ${timeoutMs} ms.`);
  }
}

export interface WaitForRunOptions {
  /** Milliseconds between polls (default 1000). */
  interval?: number;
  /** Give up after this many milliseconds (default 300 000); throws RunWaitTimeoutError with the last run read. */
  timeout?: number;
  signal?: AbortSignal;
  /** Called with each run read, e.g. to show progress. */
  onPoll?: (run: PipelineRun) => void;
  /** Per-request options for each poll. */
  request?: RequestOptions;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new APIUserAbortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Polls a run until it is `completed`, `failed` or `cancelled` (or a status this SDK does not know that the
 * server reports as final: anything outside the known in-progress ones), and returns it with its block runs.
 */
export async function waitForRun(client: Client, id: number | string, options: WaitForRunOptions = {}): Promise<PipelineRun> {
  const interval = options.interval ?? 1000;
  const timeout = options.timeout ?? 300_000;
  const deadline = Date.now() + timeout;
  const request = { ...options.request, signal: options.signal ?? options.request?.signal };
  for (;;) {
    if (options.signal?.aborted) throw new APIUserAbortError();
    const run = await client.pipelineRuns.detail(id, undefined, request);
    options.onPoll?.(run);
    if (run.status !== 'initial' && run.status !== 'running') return run;
    const left = deadline - Date.now();
    if (left <= 0) throw new RunWaitTimeoutError(run, timeout);
    await sleep(Math.min(interval, left), options.signal);
  }
}

export interface TriggerOptions {
  /** Server origin, e.g. `http://127.0.0.1:6789`. */
  baseUrl: string;
  /** The trigger's id and token (from `pipelineSchedules.detail`: the `id` and `token` fields). */
  scheduleId: number | string;
  token: string;
  /** `path` (default): `/api/pipeline_schedules/:id/pipeline_runs/:token`; `header`: `.../api_trigger` with `Authorization: Bearer`. */
  tokenIn?: 'path' | 'header';
  /** The run's variables (`{pipeline_run: {variables}}`). */
  variables?: Record<string, unknown>;
  /** Top-level keys, which the server keeps as the run's `event_variables`. */
  event?: Record<string, unknown>;
  fetch?: Fetch;
  signal?: AbortSignal;
}

/**
 * Calls an API trigger URL the way a CI job or a webhook would: no API key, no session, only the trigger's
 * token. Returns the new run (`initial`; it starts when the trigger is active).
 */
export async function triggerPipelineRun(options: TriggerOptions): Promise<PipelineRun> {
  const id = encodePathParameter('scheduleId', String(options.scheduleId));
  const header = options.tokenIn === 'header';
  const url = `${options.baseUrl.replace(/\/+$/, '')}/api/pipeline_schedules/${id}/${header ? 'api_trigger' : `pipeline_runs/${encodePathParameter('token', options.token)}`}`;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (header) headers.Authorization = `Bearer ${options.token}`;
  const body = JSON.stringify({ ...options.event, ...(options.variables ? { pipeline_run: { variables: options.variables } } : {}) });
  // What an error shows of the request: the token masked (it is a credential, and error lines get logged).
  const request = { method: 'POST', path: `/api/pipeline_schedules/${id}/${header ? 'api_trigger' : 'pipeline_runs/***'}` };
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { method: 'POST', headers, body, signal: options.signal });
  } catch (error) {
    const failure = options.signal?.aborted ? new APIUserAbortError() : new APIConnectionError(undefined, { cause: error });
    failure.request = request;
    throw failure;
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: errorFromBody reports it with the HTTP status
  }
  const error = errorFromBody(parsed, response);
  if (error) {
    error.request = request;
    throw error;
  }
  return (parsed as { pipeline_run: PipelineRun }).pipeline_run;
}
