import { ApiError } from '../errors.js';

/** A kind of refusal is noted at most this often: a stuck unit retried every tick must not flood the log. */
const EVERY_MS = 60_000;

/**
 * The scheduler's notes about refused units: one line each, no stack trace, at most once a minute per kind of
 * unit and error; the line counts the refusals it stands for.
 */
export class SchedulerNotices {
  readonly #last = new Map<string, { at: number; missed: number }>();

  constructor(private readonly log: (line: string) => void) {}

  refused(unit: string, what: string, error: unknown, now: number): void {
    const message = error instanceof Error ? error.message : String(error);
    const kind = `${unit}:${error instanceof ApiError ? error.code : error instanceof Error ? error.name : typeof error}`;
    const last = this.#last.get(kind);
    if (last && now - last.at < EVERY_MS) {
      last.missed++;
      return;
    }
    const more = last && last.missed > 0 ? ` (${last.missed} more ${unit}s refused since the last note)` : '';
    this.#last.set(kind, { at: now, missed: 0 });
    this.log(`[scheduler] ${unit} of ${what} refused, retried on a later tick${more}: ${message.split('\n')[0]}`);
  }
}
