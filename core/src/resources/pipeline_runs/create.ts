import type { Repository } from '../../repository/types.js';
import type { ScheduleRecord } from '../pipeline_schedules/record.js';
import type { RunRecord } from './record.js';
import { runsTable } from './table.js';

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
}

/** Stores a new run of a trigger (`initial`, without block runs: the scheduler makes them when it starts). */
export function createRun(repo: Repository, schedule: ScheduleRecord, now: number, spec: NewRun): RunRecord {
  const cancelled = spec.status === 'cancelled';
  const run: RunRecord = {
    id: runsTable.in(repo).nextId(),
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
    variables: { ...spec.variables, execution_partition: executionPartition(schedule.id, spec.executionDate) },
    event_variables: spec.eventVariables ?? {},
    executor_type: 'local_python',
    metrics: cancelled ? { skipped: 'skip_if_previous_running: another run of this trigger was in progress' } : {},
    passed_sla: false,
    block_runs: [],
  };
  runsTable.in(repo).put(run);
  return run;
}

/** Deletes runs (with their block runs inside); used when a trigger or a pipeline goes. */
export function deleteRunsOf(repo: Repository, scheduleId: number): void {
  const ids = runsTable.in(repo).index.bySchedule.get(scheduleId)?.slice() ?? [];
  for (const id of ids) runsTable.in(repo).delete(id);
}
