import type { Orchestration } from './commands.js';
import { runsTable } from '../model/runs.js';

const FINISHED = ['completed', 'failed', 'cancelled'] as const;
/** Runs deleted per sweep at most: a tick does bounded work even when a long backlog is due. */
const PER_SWEEP = 256;

/**
 * Retention by age (Mage's retention_period): finished runs created longer ago than the period are deleted,
 * oldest first, with their block runs and so their logs. Runs still in progress are kept whatever their age.
 * One transaction; deleting never grows the store, so a full store never refuses it.
 */
export function pruneOlderThan({ repo, config }: Orchestration, now: number): void {
  const period = config.runs.retentionSeconds;
  if (!period) return;
  const cutoff = now - period * 1000;
  const runs = runsTable.in(repo);
  const oldest = () => {
    let best: number | undefined;
    for (const status of FINISHED) {
      const head = runs.index.byStatus.get(status)?.slice(0, 1)[0];
      if (head !== undefined && (best === undefined || head < best)) best = head;
    }
    return best;
  };
  const expired = () => {
    const id = oldest();
    const run = id === undefined ? undefined : runs.get(id);
    return run && run.created_at < cutoff ? run : undefined;
  };
  // Most ticks have nothing to delete: no transaction is opened for them.
  if (!expired()) return;
  repo.transaction(() => {
    for (let n = 0, run = expired(); n < PER_SWEEP && run; n++, run = expired()) runs.delete(run.id);
  });
}
