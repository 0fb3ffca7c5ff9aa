import { SortedKeys } from '../../repository/sorted-keys.js';

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
  /** Runs `initial` or `running`, in the order they became so: what a tick visits. */
  readonly inProgress = new Set<number>();
  readonly inProgressBySchedule = new Map<number, number>();
  readonly runningBySchedule = new Map<number, number>();
  readonly blockRunsByPipeline = new Map<string, number>();
  blockRunsTotal = 0;

  update(before: RunRecord | undefined, after: RunRecord | undefined): void {
    if (before && before.status === after?.status && before.pipeline_uuid === after.pipeline_uuid && before.block_runs.length === after.block_runs.length)
      return;
    if (before) this.#remove(before);
    if (after) this.#add(after);
  }

  #add(r: RunRecord) {
    insert(this.byPipeline, r.pipeline_uuid, r.id);
    insert(this.byStatus, r.status, r.id);
    insert(this.byPipelineStatus, key(r.pipeline_uuid, r.status), r.id);
    insert(this.bySchedule, r.pipeline_schedule_id, r.id);
    if (isInProgress(r.status)) {
      this.inProgress.add(r.id);
      bump(this.inProgressBySchedule, r.pipeline_schedule_id, 1);
    }
    if (r.status === 'running') bump(this.runningBySchedule, r.pipeline_schedule_id, 1);
    bump(this.blockRunsByPipeline, r.pipeline_uuid, r.block_runs.length);
    this.blockRunsTotal += r.block_runs.length;
  }

  #remove(r: RunRecord) {
    remove(this.byPipeline, r.pipeline_uuid, r.id);
    remove(this.byStatus, r.status, r.id);
    remove(this.byPipelineStatus, key(r.pipeline_uuid, r.status), r.id);
    remove(this.bySchedule, r.pipeline_schedule_id, r.id);
    if (isInProgress(r.status)) {
      this.inProgress.delete(r.id);
      bump(this.inProgressBySchedule, r.pipeline_schedule_id, -1);
    }
    if (r.status === 'running') bump(this.runningBySchedule, r.pipeline_schedule_id, -1);
    bump(this.blockRunsByPipeline, r.pipeline_uuid, -r.block_runs.length);
    this.blockRunsTotal -= r.block_runs.length;
  }

  ofPipelineStatus(pipeline: string, status: string): SortedKeys<number> | undefined {
    return this.byPipelineStatus.get(key(pipeline, status));
  }
}

function insert<K>(map: Map<K, SortedKeys<number>>, k: K, id: number) {
  let keys = map.get(k);
  if (!keys) map.set(k, (keys = new SortedKeys<number>()));
  keys.insert(id);
}

function remove<K>(map: Map<K, SortedKeys<number>>, k: K, id: number) {
  const keys = map.get(k);
  if (!keys) return;
  keys.delete(id);
  if (keys.length === 0) map.delete(k);
}

function bump<K>(map: Map<K, number>, k: K, by: number) {
  const next = (map.get(k) ?? 0) + by;
  if (next === 0) map.delete(k);
  else map.set(k, next);
}
