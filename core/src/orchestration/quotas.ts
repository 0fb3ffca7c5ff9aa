import { ApiError } from '../errors.js';
import type { Orchestration } from './commands.js';
import { runsTable } from '../model/runs.js';

/** 413 when variables sent for a run or a trigger are over the cap (they are stored with every run). */
export function checkVariablesSize({ config }: Pick<Orchestration, 'config'>, size: number, what: string): void {
  const max = config.runs.maxVariablesBytes;
  if (size > max) {
    throw new ApiError(
      'payload_too_large',
      `${what} are ${size} bytes of JSON; at most ${max} are stored (MAX_RUN_VARIABLES_BYTES). Send less; nothing was changed.`,
    );
  }
}

/**
 * Refuses one more run waiting to start on a trigger at its cap (a new run, or a retried one that starts over):
 * 429 with Retry-After, nothing changed.
 */
export function checkWaitingRoom({ repo, config }: Pick<Orchestration, 'repo' | 'config'>, scheduleId: number): void {
  const waiting = runsTable.in(repo).index.waitingOf(scheduleId);
  if (waiting < config.runs.maxWaitingPerTrigger) return;
  const error = new ApiError(
    'too_many_requests',
    `Trigger ${scheduleId} already has ${waiting} runs waiting to start (MAX_WAITING_RUNS_PER_TRIGGER is ${config.runs.maxWaitingPerTrigger}). Try again once some have started.`,
  );
  error.retryAfter = 1;
  throw error;
}
