import type { BlockRun, NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { atLeast } from '../auth/roles.js';
import type { RequestContext } from '../context.js';
import { definePresenter } from '../presenter.js';
import type { ScheduleRecord } from '../model/triggers.js';
import { schedulesTable } from '../model/triggers.js';
import { pipelinesTable } from '../model/pipelines.js';
import type { BlockRunState, RunRecord } from '../model/runs.js';

type PipelineRun = NodeItemOf<NodeAt<'pipelineRuns'>>;
const date = (ms: number | null, op: RequestContext) => (ms === null ? null : op.dates.format(ms));

/** A block run as the API shows it (Mage's BlockRun columns, plus its trigger when given one). */
export function presentBlockRun(b: BlockRunState, run: RunRecord, op: RequestContext, schedule?: ScheduleRecord | null): BlockRun {
  const out: BlockRun = {
    id: b.id,
    pipeline_run_id: run.id,
    block_uuid: b.block_uuid,
    status: b.status,
    started_at: date(b.started_at, op),
    completed_at: date(b.completed_at, op),
    created_at: op.dates.format(b.created_at),
    updated_at: op.dates.format(b.updated_at),
    metrics: b.metrics,
  };
  if (schedule !== undefined) {
    out.pipeline_schedule_id = schedule?.id ?? null;
    out.pipeline_schedule_name = schedule?.name ?? null;
  }
  return out;
}

const scheduleOf = (run: RunRecord, op: RequestContext) => schedulesTable.in(op.repo).get(run.pipeline_schedule_id) ?? null;

/** Mage's 15 default attributes. */
const DEFAULTS = [
  'backfill_id',
  'completed_at',
  'created_at',
  'event_variables',
  'execution_date',
  'executor_type',
  'id',
  'metrics',
  'passed_sla',
  'pipeline_schedule_id',
  'pipeline_uuid',
  'started_at',
  'status',
  'updated_at',
  'variables',
] as const;

export const runPresenter = definePresenter<RunRecord, undefined, PipelineRun>({
  attributes: {
    id: (r) => r.id,
    pipeline_schedule_id: (r) => r.pipeline_schedule_id,
    pipeline_uuid: (r) => r.pipeline_uuid,
    status: (r) => r.status,
    execution_date: (r, ctx) => ctx.op.dates.format(r.execution_date),
    started_at: (r, ctx) => date(r.started_at, ctx.op),
    completed_at: (r, ctx) => date(r.completed_at, ctx.op),
    created_at: (r, ctx) => ctx.op.dates.format(r.created_at),
    updated_at: (r, ctx) => ctx.op.dates.format(r.updated_at),
    variables: (r) => r.variables,
    event_variables: (r) => r.event_variables,
    backfill_id: (r) => r.backfill_id ?? null,
    executor_type: (r) => r.executor_type,
    metrics: (r) => r.metrics,
    passed_sla: (r) => r.passed_sla,
    block_runs: (r, ctx) => {
      const schedule = ctx.format === 'detail' ? scheduleOf(r, ctx.op) : undefined;
      return r.block_runs.map((b) => presentBlockRun(b, r, ctx.op, schedule)).sort((a, b) => a.id - b.id);
    },
    block_runs_count: (r) => r.block_runs.length,
    completed_block_runs_count: (r) => r.block_runs.filter((b) => b.status === 'completed').length,
    pipeline_schedule_name: (r, ctx) => scheduleOf(r, ctx.op)?.name ?? null,
    // Only those who may call the trigger see its token (Mage shows it to viewers too).
    pipeline_schedule_token: (r, ctx) => (atLeast(ctx.op.caller.role, 'editor') ? (scheduleOf(r, ctx.op)?.token ?? null) : null),
    pipeline_schedule_type: (r, ctx) => scheduleOf(r, ctx.op)?.schedule_type ?? null,
    repo_path: (r, ctx) => scheduleOf(r, ctx.op)?.repo_path ?? '/home/src/default_repo',
    // As Mage 0.9.80's list: the type when asked for (or filtered by), else null; the tags likewise.
    pipeline_type: (r, ctx) =>
      ctx.op.query.include_pipeline_type === true || typeof ctx.op.query.pipeline_type === 'string'
        ? (pipelinesTable.in(ctx.op.repo).get(r.pipeline_uuid)?.type ?? null)
        : null,
    pipeline_tags: (r, ctx) => (ctx.op.query.include_pipeline_tags === true ? [...(pipelinesTable.in(ctx.op.repo).get(r.pipeline_uuid)?.tags ?? [])] : null),
  },
  formats: {
    default: DEFAULTS,
    create: DEFAULTS,
    update: DEFAULTS,
    delete: DEFAULTS,
    detail: [...DEFAULTS, 'block_runs'],
    list: [
      ...DEFAULTS,
      'block_runs',
      'block_runs_count',
      'completed_block_runs_count',
      'pipeline_schedule_name',
      'pipeline_schedule_token',
      'pipeline_schedule_type',
      'repo_path',
      'pipeline_type',
      'pipeline_tags',
    ],
    /** What Mage's run page polls with. */
    with_basic_details: ['execution_date', 'id', 'status'],
  },
});
