import type { CoreConfig } from '../config.js';
import { allMembers } from '../model/graph.js';
import type { Repository } from '../repository/types.js';
import { blocksTable } from '../model/blocks.js';
import { pipelinesTable } from '../model/pipelines.js';
import { sizeOf } from '../repository/storage-limits.js';
import { cancelRun, retryBlocks } from './engine.js';
import { checkVariablesSize, checkWaitingRoom } from './quotas.js';
import { isInProgress, type BlockRunState, type RunRecord } from '../model/runs.js';
import { runsTable } from '../model/runs.js';
import { resetBlockRun } from './simulation.js';
import type { ScheduleRecord } from '../model/triggers.js';
import { schedulesTable } from '../model/triggers.js';
import { advanceBackfillOf, movesBackfill } from './backfills/commands.js';

/** What the commands read: the store and the settings. */
export type Orchestration = { repo: Repository; config: Pick<CoreConfig, 'runs' | 'simulatedBlockDurationMs'> };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Mage's `execution_partition` variable: `<schedule id>/<YYYYmmddTHHMMSS_ffffff>`. */
function executionPartition(scheduleId: number, executionDate: number): string {
  const d = new Date(executionDate);
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}_${pad(d.getUTCMilliseconds(), 3)}000`;
  return `${scheduleId}/${stamp}`;
}

export interface NewRun {
  executionDate: number;
  variables?: Record<string, unknown>;
  eventVariables?: Record<string, unknown>;
  status?: 'initial' | 'cancelled';
  /**
   * The backfill making it: its runs carry exactly the variables given (Mage adds no execution_partition to them),
   * and pass the waiting-runs cap (the backfill's own cap bounds them; a backfill may wait on a thousand runs).
   */
  backfillId?: number;
}

/**
 * Stores a new run of a trigger (`initial`, without block runs: the scheduler makes them when it starts),
 * within the trigger's quotas: its variables under the size cap and its runs waiting to start under their cap.
 * Retention follows: past the bound, the trigger's oldest finished runs go.
 */
export function createRun(orchestration: Orchestration, schedule: ScheduleRecord, now: number, spec: NewRun): RunRecord {
  const { repo } = orchestration;
  const runs = runsTable.in(repo);
  const cancelled = spec.status === 'cancelled';
  checkVariablesSize(orchestration, sizeOf(spec.variables ?? {}) + sizeOf(spec.eventVariables ?? {}), `The run's variables and event variables`);
  if (!cancelled && spec.backfillId === undefined) checkWaitingRoom(orchestration, schedule.id);
  const run: RunRecord = {
    id: runs.nextId(),
    pipeline_schedule_id: schedule.id,
    pipeline_uuid: schedule.pipeline_uuid,
    status: cancelled ? 'cancelled' : 'initial',
    execution_date: spec.executionDate,
    started_at: null,
    completed_at: cancelled ? now : null,
    created_at: now,
    updated_at: now,
    // As Mage: a run keeps the variables it was made with (the scheduler gives a time trigger's runs the trigger's
    // variables; a run made over the API or a trigger URL keeps the ones it was sent).
    variables:
      spec.backfillId === undefined ? { ...spec.variables, execution_partition: executionPartition(schedule.id, spec.executionDate) } : { ...spec.variables },
    event_variables: spec.eventVariables ?? {},
    executor_type: 'local_python',
    metrics: cancelled ? { skipped: 'skip_if_previous_running: another run of this trigger was in progress' } : {},
    passed_sla: false,
    block_runs: [],
  };
  if (spec.backfillId !== undefined) run.backfill_id = spec.backfillId;
  runs.put(run);
  keepFinishedWithinBound(orchestration, schedule.id);
  return run;
}

/**
 * Retention by count and by bytes: a trigger keeps at most `maxFinishedPerTrigger` finished runs, and its runs'
 * variables within `maxVariablesBytesPerTrigger`; its oldest finished runs go first.
 */
export function keepFinishedWithinBound({ repo, config }: Orchestration, scheduleId: number): void {
  const { maxFinishedPerTrigger: maxCount, maxVariablesBytesPerTrigger: maxBytes } = config.runs;
  const runs = runsTable.in(repo);
  const own = runs.index.bySchedule.get(scheduleId);
  if (!own) return;
  let finished = own.length - runs.index.inProgressOf(scheduleId);
  let bytes = runs.index.variablesBytesBySchedule.get(scheduleId) ?? 0;
  const over = () => finished > 0 && ((maxCount > 0 && finished > maxCount) || (maxBytes > 0 && bytes > maxBytes));
  // Oldest first; runs still in progress are passed over (at most the waiting cap plus those running).
  const doomed: number[] = [];
  for (let start = 0; over() && start < own.length; start += 64) {
    for (const id of own.slice(start, start + 64)) {
      if (!over()) break;
      const run = runs.get(id);
      if (!run || isInProgress(run.status)) continue;
      doomed.push(id);
      finished--;
      bytes -= runs.index.variablesBytesOf(run);
    }
  }
  for (const id of doomed) runs.delete(id);
}

/** A function that resets a block run against the pipeline as it is now. */
export function resetterFor({ repo, config }: Orchestration, run: RunRecord, now: number): (b: BlockRunState) => BlockRunState {
  const pipeline = pipelinesTable.in(repo).get(run.pipeline_uuid);
  const blocks = blocksTable.in(repo).getMany(pipeline ? allMembers(pipeline.sections).map((m) => m.uuid) : run.block_runs.map((b) => b.block_uuid));
  return (b) => resetBlockRun(b, pipeline, blocks, now, { blockDurationMs: config.simulatedBlockDurationMs });
}

/** `status: cancelled` or `pipeline_run_action: retry_blocks` on one run. */
export function changeRun(orchestration: Orchestration, run: RunRecord, now: number, change: { cancel: true } | { retryFrom: string | undefined }): RunRecord {
  const next = 'cancel' in change ? cancelRun(run, now) : retryBlocks(run, change.retryFrom, resetterFor(orchestration, run, now), now);
  if (next.status === 'initial' && run.status !== 'initial' && run.backfill_id === undefined) checkWaitingRoom(orchestration, run.pipeline_schedule_id);
  if (next !== run) {
    runsTable.in(orchestration.repo).put(next);
    if (movesBackfill(run, next)) advanceBackfillOf(orchestration, next, now);
  }
  return next;
}

/** "Run now" on a trigger. As Mage: running an inactive time @once trigger activates it; other inactive triggers' runs wait. */
export function runNow(orchestration: Orchestration, schedule: ScheduleRecord, now: number, spec: NewRun): RunRecord {
  const { repo } = orchestration;
  return repo.transaction(() => {
    if (schedule.status !== 'active' && schedule.schedule_type === 'time' && schedule.schedule_interval === '@once') {
      schedulesTable.in(repo).put({ ...schedule, status: 'active', last_enabled_at: now, updated_at: now, last_fired_execution_date: spec.executionDate });
    }
    return createRun(orchestration, schedule, now, spec);
  });
}
