import { formatDateTime } from '../../core/clock.js';
import { atLeast } from '../../core/auth/roles.js';
import type { OperationContext } from '../../core/context.js';
import { definePresenter } from '../../core/presenter.js';
import type { ScheduleRecord } from '../pipeline_schedules/record.js';
import type { BlockRunState, RunRecord } from './record.js';

const date = (ms: number | null) => (ms === null ? null : formatDateTime(ms));

/** A block run as the API shows it (Mage's BlockRun columns, plus its trigger when asked). */
export function presentBlockRun(b: BlockRunState, run: RunRecord, schedule?: ScheduleRecord | null) {
  const out: Record<string, unknown> = {
    id: b.id,
    pipeline_run_id: run.id,
    block_uuid: b.block_uuid,
    status: b.status,
    started_at: date(b.started_at),
    completed_at: date(b.completed_at),
    created_at: formatDateTime(b.created_at),
    updated_at: formatDateTime(b.updated_at),
    metrics: b.metrics,
  };
  if (schedule !== undefined) {
    out.pipeline_schedule_id = schedule?.id ?? null;
    out.pipeline_schedule_name = schedule?.name ?? null;
  }
  return out;
}

const scheduleOf = (run: RunRecord, op: OperationContext) => op.repo.pipelineSchedules.get(run.pipeline_schedule_id) ?? null;

/** Mage's 15 default attributes. */
const DEFAULTS = [
  'backfill_id', 'completed_at', 'created_at', 'event_variables', 'execution_date', 'executor_type', 'id', 'metrics',
  'passed_sla', 'pipeline_schedule_id', 'pipeline_uuid', 'started_at', 'status', 'updated_at', 'variables',
];

export const runPresenter = definePresenter<RunRecord>({
  attributes: {
    id: (r) => r.id,
    pipeline_schedule_id: (r) => r.pipeline_schedule_id,
    pipeline_uuid: (r) => r.pipeline_uuid,
    status: (r) => r.status,
    execution_date: (r) => formatDateTime(r.execution_date),
    started_at: (r) => date(r.started_at),
    completed_at: (r) => date(r.completed_at),
    created_at: (r) => formatDateTime(r.created_at),
    updated_at: (r) => formatDateTime(r.updated_at),
    variables: (r) => r.variables,
    event_variables: (r) => r.event_variables,
    backfill_id: () => null,
    executor_type: (r) => r.executor_type,
    metrics: (r) => r.metrics,
    passed_sla: (r) => r.passed_sla,
    block_runs: (r, ctx) => {
      const schedule = ctx.format === 'detail' ? scheduleOf(r, ctx.op) : undefined;
      return r.block_runs.map((b) => presentBlockRun(b, r, schedule)).sort((a, b) => (a.id as number) - (b.id as number));
    },
    block_runs_count: (r) => r.block_runs.length,
    completed_block_runs_count: (r) => r.block_runs.filter((b) => b.status === 'completed').length,
    pipeline_schedule_name: (r, ctx) => scheduleOf(r, ctx.op)?.name ?? null,
    // Only those who may call the trigger see its token (Mage shows it to viewers too).
    pipeline_schedule_token: (r, ctx) => (atLeast(ctx.op.caller.role, 'editor') ? (scheduleOf(r, ctx.op)?.token ?? null) : null),
    pipeline_schedule_type: (r, ctx) => scheduleOf(r, ctx.op)?.schedule_type ?? null,
    repo_path: (r, ctx) => scheduleOf(r, ctx.op)?.repo_path ?? '/home/src/default_repo',
  },
  formats: {
    default: DEFAULTS,
    create: DEFAULTS,
    update: DEFAULTS,
    delete: DEFAULTS,
    detail: [...DEFAULTS, 'block_runs'],
    list: [
      ...DEFAULTS, 'block_runs', 'block_runs_count', 'completed_block_runs_count', 'pipeline_schedule_name',
      'pipeline_schedule_token', 'pipeline_schedule_type', 'repo_path',
    ],
    /** What Mage's run page polls with. */
    with_basic_details: ['execution_date', 'id', 'status'],
  },
});
