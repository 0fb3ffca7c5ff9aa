import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How the real-Mage files that run at once tell each other they are done: run.sh gives each run of the suite a fresh
 * folder (REAL_MAGE_SYNC) and a file there marks a file's end. Without it (a file run on its own) nothing is waited for.
 */
const SYNC = process.env.REAL_MAGE_SYNC;

/** Marks `name` done for this run of the suite. */
export function markDone(name: string) {
  if (SYNC) writeFileSync(join(SYNC, `${name}.done`), '');
}

/** Whether `name` was marked done in this run of the suite (always false outside run.sh). */
export const isDone = (name: string) => SYNC !== undefined && existsSync(join(SYNC, `${name}.done`));

/**
 * Waits until each of `names` is done, at most `boundMs` (each file's own test timeout), and returns those that were
 * not (none outside run.sh: there is no one to wait for).
 */
export async function waitForDone(names: readonly string[], boundMs: number): Promise<string[]> {
  if (!SYNC) return [];
  const deadline = Date.now() + boundMs;
  let left = names.filter((name) => !isDone(name));
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    left = left.filter((name) => !isDone(name));
  }
  return left;
}
