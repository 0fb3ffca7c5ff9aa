import { defineTable } from '../repository/table.js';
import { SortedKeys } from '../repository/sorted-keys.js';
import { sizeOf } from '../repository/storage-limits.js';
import type { BlockOutput } from './block-outputs.js';

export type RunStatus = 'initial' | 'running' | 'completed' | 'failed' | 'cancelled';
export type BlockRunStatus = 'initial' | 'queued' | 'running' | 'completed' | 'failed' | 'cancelled' | 'upstream_failed' | 'condition_failed';
export type SimulatedOutcome = 'complete' | 'fail' | 'condition_false';

/** A block run, stored inside its run (a run and its block runs change together, in one write). */
export interface BlockRunState {
  id: number;
  block_uuid: string;
  /** The blocks it waits for, within this run (the pipeline's graph when the run started). */
  upstream: string[];
  status: BlockRunStatus;
  started_at: number | null;
  completed_at: number | null;
  created_at: number;
  updated_at: number;
  metrics: Record<string, unknown> | null;
  /** What the simulated executor will do with it, read from the block's configuration when (re)set. */
  duration_ms: number;
  outcome: SimulatedOutcome;
  /** What it produced, stored when it completed (absent before, and in runs stored by older versions). */
  outputs?: BlockOutput[];
}

export interface RunRecord {
  id: number;
  pipeline_schedule_id: number;
  pipeline_uuid: string;
  status: RunStatus;
  execution_date: number;
  started_at: number | null;
  completed_at: number | null;
  created_at: number;
  updated_at: number;
  variables: Record<string, unknown>;
  event_variables: Record<string, unknown>;
  executor_type: string;
  metrics: Record<string, unknown>;
  passed_sla: boolean;
  /** The backfill that made it (absent on runs of plain triggers, and on runs stored before backfills existed). */
  backfill_id?: number;
  /** In dependency order: every block run comes after its upstreams. */
  block_runs: BlockRunState[];
}

export const RUN_TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);
export const BLOCK_TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled', 'upstream_failed', 'condition_failed']);
export const isInProgress = (status: string) => status === 'initial' || status === 'running';

const key = (pipeline: string, status: string) => `${pipeline}\u0000${status}`;

/**
 * Lookups kept in step with the runs table, so neither a list page nor a scheduler tick walks every run:
 * ids by pipeline, by status, by both, by trigger; the runs in progress; counts per trigger.
 */
export class RunIndex {
  readonly byPipeline = new Map<string, SortedKeys<number>>();
  readonly byStatus = new Map<string, SortedKeys<number>>();
  readonly byPipelineStatus = new Map<string, SortedKeys<number>>();
  readonly bySchedule = new Map<number, SortedKeys<number>>();
  readonly byBackfill = new Map<number, SortedKeys<number>>();
  /** Runs `initial` or `running`, in the order they became so: what a tick visits. */
  readonly inProgress = new Set<number>();
  readonly inProgressBySchedule = new Map<number, number>();
  readonly runningBySchedule = new Map<number, number>();
  readonly blockRunsByPipeline = new Map<string, number>();
  /** The run each block run is stored in: `GET /api/block_runs/:id/outputs` finds it without a walk. */
  readonly runOfBlockRun = new Map<number, number>();
  /** JSON bytes of the variables and event variables of each trigger's runs. */
  readonly variablesBytesBySchedule = new Map<number, number>();
  blockRunsTotal = 0;
  /** A run keeps its variables objects from step to step (records are replaced, their parts shared): sized once each. */
  readonly #sizes = new WeakMap<object, number>();

  /** JSON bytes of a run's variables and event variables. */
  variablesBytesOf(run: RunRecord): number {
    return this.#sizeOnce(run.variables) + this.#sizeOnce(run.event_variables);
  }

  #sizeOnce(value: Record<string, unknown>): number {
    let size = this.#sizes.get(value);
    if (size === undefined) this.#sizes.set(value, (size = sizeOf(value)));
    return size;
  }

  /**
   * Every lookup the run feeds is compared and moved when its key changed; counts always move by the
   * difference. Unchanged keys are left in place: a tick re-stores its runs without re-sorting 100k ids.
   */
  update(before: RunRecord | undefined, after: RunRecord | undefined): void {
    const id = (after ?? before)!.id;
    move(this.byPipeline, before?.pipeline_uuid, after?.pipeline_uuid, id);
    move(this.byStatus, before?.status, after?.status, id);
    move(this.byPipelineStatus, before && key(before.pipeline_uuid, before.status), after && key(after.pipeline_uuid, after.status), id);
    move(this.bySchedule, before?.pipeline_schedule_id, after?.pipeline_schedule_id, id);
    move(this.byBackfill, before?.backfill_id, after?.backfill_id, id);
    const wasInProgress = before !== undefined && isInProgress(before.status);
    const nowInProgress = after !== undefined && isInProgress(after.status);
    if (wasInProgress && !nowInProgress) this.inProgress.delete(id);
    if (nowInProgress && !wasInProgress) this.inProgress.add(id);
    if (wasInProgress) bump(this.inProgressBySchedule, before.pipeline_schedule_id, -1);
    if (nowInProgress) bump(this.inProgressBySchedule, after.pipeline_schedule_id, 1);
    if (before?.status === 'running') bump(this.runningBySchedule, before.pipeline_schedule_id, -1);
    if (after?.status === 'running') bump(this.runningBySchedule, after.pipeline_schedule_id, 1);
    if (before) bump(this.variablesBytesBySchedule, before.pipeline_schedule_id, -this.variablesBytesOf(before));
    if (after) bump(this.variablesBytesBySchedule, after.pipeline_schedule_id, this.variablesBytesOf(after));
    if (before) bump(this.blockRunsByPipeline, before.pipeline_uuid, -before.block_runs.length);
    if (after) bump(this.blockRunsByPipeline, after.pipeline_uuid, after.block_runs.length);
    this.blockRunsTotal += (after?.block_runs.length ?? 0) - (before?.block_runs.length ?? 0);
    if (before?.block_runs !== after?.block_runs) {
      for (const b of before?.block_runs ?? []) this.runOfBlockRun.delete(b.id);
      for (const b of after?.block_runs ?? []) this.runOfBlockRun.set(b.id, id);
    }
  }

  /** Runs of a trigger in progress (`initial` or `running`). */
  inProgressOf(scheduleId: number): number {
    return this.inProgressBySchedule.get(scheduleId) ?? 0;
  }

  /** Runs of a trigger waiting to start (`initial`). */
  waitingOf(scheduleId: number): number {
    return this.inProgressOf(scheduleId) - (this.runningBySchedule.get(scheduleId) ?? 0);
  }

  ofPipelineStatus(pipeline: string, status: string): SortedKeys<number> | undefined {
    return this.byPipelineStatus.get(key(pipeline, status));
  }
}

/** The id leaves the list under `from` and joins the one under `to`, unless they are the same list. */
function move<K>(map: Map<K, SortedKeys<number>>, from: K | undefined, to: K | undefined, id: number) {
  if (from === to) return;
  if (from !== undefined) {
    const keys = map.get(from);
    keys?.delete(id);
    if (keys?.length === 0) map.delete(from);
  }
  if (to !== undefined) {
    let keys = map.get(to);
    if (!keys) map.set(to, (keys = new SortedKeys<number>()));
    keys.insert(id);
  }
}

function bump<K>(map: Map<K, number>, k: K, by: number) {
  const next = (map.get(k) ?? 0) + by;
  if (next === 0) map.delete(k);
  else map.set(k, next);
}

/** Runs by integer id, their block runs inside, with the lookups lists and ticks use. */
export const runsTable = defineTable({
  name: 'pipeline_runs',
  key: (run: RunRecord) => run.id,
  extend: (_runs, repo) => {
    const index = new RunIndex();
    return {
      onChange: (before: RunRecord | undefined, after: RunRecord | undefined) => index.update(before, after),
      lookups: {
        index,
        /** Ids are never reused, even after a rollback, a delete or a restart. */
        nextId: repo.openCounter('pipeline_runs'),
        nextBlockRunId: repo.openCounter('block_runs'),
      },
    };
  },
});
