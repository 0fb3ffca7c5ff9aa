import { invalid } from '../errors.js';
import type { ScheduleSettings } from '../model/triggers.js';
import { BLOCK_TERMINAL, type BlockRunState, type RunRecord } from '../model/runs.js';

/**
 * The run state machine, as pure functions from a run to its next version (docs/runs.md has the
 * pictures). Nothing here reads a clock or stores anything: the scheduler and the resources do.
 */

const errorOf = (b: BlockRunState) => ({ error: `Simulated failure of block ${b.block_uuid} (configuration.simulation.outcome = "fail").` });

/** `initial` -> `running`: the block runs (made by the caller when there are none) and the ready ones queued. */
export function startRun(run: RunRecord, blockRuns: BlockRunState[], now: number, settings: ScheduleSettings): RunRecord {
  const started: RunRecord = { ...run, status: 'running', started_at: now, completed_at: null, updated_at: now, block_runs: blockRuns };
  return advanceRun(started, now, settings, false);
}

/**
 * One scheduler step of a running run, in this order: running blocks whose time is up finish; blocks
 * queued on an earlier tick start; `initial` blocks whose upstreams are done are queued, or marked
 * `upstream_failed` / `condition_failed`; then the run ends when it must. A block spends at least one
 * tick queued, so every state shows over the API.
 */
export function advanceRun(run: RunRecord, now: number, settings: ScheduleSettings, startQueued = true): RunRecord {
  if (run.status !== 'running') return run;
  if (settings.timeout && run.started_at !== null && now - run.started_at >= settings.timeout * 1000) {
    return endRun(run, settings.timeout_status ?? 'failed', now, { timed_out: true });
  }
  let changed = false;
  const byUuid = new Map<string, BlockRunState>();
  const next = run.block_runs.map((b) => {
    let out = b;
    if (b.status === 'running' && b.started_at !== null && now >= b.started_at + b.duration_ms) {
      out =
        b.outcome === 'fail'
          ? { ...b, status: 'failed', completed_at: now, updated_at: now, metrics: errorOf(b) }
          : { ...b, status: 'completed', completed_at: now, updated_at: now, metrics: {} };
    } else if (b.status === 'queued' && startQueued) {
      out =
        b.outcome === 'condition_false'
          ? { ...b, status: 'condition_failed', started_at: now, completed_at: now, updated_at: now }
          : { ...b, status: 'running', started_at: now, updated_at: now };
    } else if (b.status === 'initial') {
      // Upstreams come first in the list, so they already hold this tick's state.
      const ups = b.upstream.map((u) => byUuid.get(u)).filter((u): u is BlockRunState => u !== undefined);
      if (ups.some((u) => u.status === 'failed' || u.status === 'upstream_failed')) {
        out = { ...b, status: 'upstream_failed', updated_at: now };
      } else if (ups.some((u) => u.status === 'condition_failed')) {
        out = { ...b, status: 'condition_failed', updated_at: now };
      } else if (ups.some((u) => u.status === 'cancelled')) {
        out = { ...b, status: 'cancelled', updated_at: now };
      } else if (ups.every((u) => u.status === 'completed')) {
        out = { ...b, status: 'queued', updated_at: now };
      }
    }
    if (out !== b) changed = true;
    byUuid.set(out.block_uuid, out);
    return out;
  });
  const current: RunRecord = changed ? { ...run, block_runs: next, updated_at: now } : run;
  if (next.some((b) => b.status === 'failed') && !settings.allow_blocks_to_fail) return endRun(current, 'failed', now);
  if (next.every((b) => BLOCK_TERMINAL.has(b.status))) {
    const ok = next.every((b) => b.status === 'completed' || b.status === 'condition_failed');
    return endRun(current, ok ? 'completed' : 'failed', now);
  }
  return current;
}

/** The run ends: blocks not yet done are `cancelled`. */
export function endRun(run: RunRecord, status: 'completed' | 'failed' | 'cancelled', now: number, metrics?: Record<string, unknown>): RunRecord {
  return {
    ...run,
    status,
    completed_at: now,
    updated_at: now,
    metrics: metrics ? { ...run.metrics, ...metrics } : run.metrics,
    block_runs: run.block_runs.map((b) =>
      BLOCK_TERMINAL.has(b.status) ? b : { ...b, status: 'cancelled', updated_at: now, completed_at: b.started_at === null ? null : now },
    ),
  };
}

/** `status: cancelled`: an `initial` or `running` run stops; a cancelled one stays as it is; a finished one cannot. */
export function cancelRun(run: RunRecord, now: number): RunRecord {
  if (run.status === 'cancelled') return run;
  if (run.status === 'completed' || run.status === 'failed') {
    throw invalid('pipeline_run.status', `Pipeline run ${run.id} is already ${run.status}; only initial or running runs can be cancelled.`);
  }
  return endRun(run, 'cancelled', now);
}

/**
 * `retry_blocks`: the block runs that did not complete (or `from` and everything below it) go back to
 * `initial` and the run runs again. A run in progress must be cancelled first; a completed run has nothing to
 * retry unless a block is named.
 */
export function retryBlocks(run: RunRecord, from: string | undefined, reset: (b: BlockRunState) => BlockRunState, now: number): RunRecord {
  if (run.status === 'initial' || run.status === 'running') {
    throw invalid('pipeline_run.pipeline_run_action', `Pipeline run ${run.id} is ${run.status}; cancel it before retrying its blocks.`);
  }
  let targets: Set<string>;
  if (from !== undefined) {
    if (!run.block_runs.some((b) => b.block_uuid === from)) {
      throw invalid('pipeline_run.from_block_uuid', `Pipeline run ${run.id} has no block run for block ${JSON.stringify(from)}.`);
    }
    targets = descendants(run.block_runs, from);
  } else {
    if (run.status === 'completed') {
      throw invalid('pipeline_run.pipeline_run_action', `Pipeline run ${run.id} completed: every block is done. Name a from_block_uuid to run a block again.`);
    }
    targets = new Set(run.block_runs.filter((b) => b.status !== 'completed').map((b) => b.block_uuid));
  }
  // A run cancelled before it started has no block runs: it starts over (when its trigger is active).
  const status = run.block_runs.length === 0 ? 'initial' : 'running';
  return {
    ...run,
    status,
    started_at: status === 'initial' ? null : run.started_at,
    completed_at: null,
    updated_at: now,
    metrics: {},
    block_runs: run.block_runs.map((b) => (targets.has(b.block_uuid) ? reset(b) : b)),
  };
}

/** Mage's `retry_incomplete_block_runs` on a failed run: its unfinished blocks reset, the run back to `initial`. */
export function resetIncomplete(run: RunRecord, reset: (b: BlockRunState) => BlockRunState, now: number): RunRecord {
  return {
    ...run,
    status: 'initial',
    completed_at: null,
    updated_at: now,
    metrics: {},
    block_runs: run.block_runs.map((b) => (b.status === 'completed' ? b : reset(b))),
  };
}

/** A block and every block below it in the run's graph. */
export function descendants(blockRuns: BlockRunState[], from: string): Set<string> {
  const found = new Set([from]);
  // Block runs are in dependency order: one pass reaches every descendant.
  for (const b of blockRuns) if (b.upstream.some((u) => found.has(u))) found.add(b.block_uuid);
  return found;
}
