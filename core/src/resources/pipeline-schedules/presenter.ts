import { attributesOf, PipelineSchedule as PipelineScheduleSchema, type NodeAt, type NodeItemOf } from '@pipeline-api/contract';
import { without } from '../../model/patch.js';
import { atLeast } from '../../auth/roles.js';
import type { RequestContext } from '../../context.js';
import { definePresenter, namesOf, recordFields, type PresenterDefinition } from '../../presenter.js';
import { nextRunDate } from '../../model/fire-time.js';
import { runsTable } from '../../model/runs.js';
import type { ScheduleRecord } from '../../model/triggers.js';
import { schedulesTable } from '../../model/triggers.js';

type PipelineSchedule = NodeItemOf<NodeAt<'pipelineSchedules'>>;
const date = (ms: number | null, op: RequestContext) => (ms === null ? null : op.dates.format(ms));

/** Mage's 17 default attributes. */
const DEFAULTS = [
  'created_at',
  'description',
  'global_data_product_uuid',
  'id',
  'last_enabled_at',
  'name',
  'pipeline_uuid',
  'repo_path',
  'schedule_interval',
  'schedule_type',
  'settings',
  'sla',
  'start_time',
  'status',
  'token',
  'updated_at',
  'variables',
] as const;
/** Counts a list adds (from the runs table). */
const COUNTS = ['last_pipeline_run_status', 'pipeline_in_progress_runs_count', 'pipeline_runs_count'] as const;
/** A detail: Mage's defaults, then every other attribute of the contract's trigger but the counts. */
const DETAIL = [...DEFAULTS, ...without(attributesOf(PipelineScheduleSchema), ...DEFAULTS, ...COUNTS)];
const LIST = [...DETAIL, ...COUNTS];
/** The attributes not stored under their own name and type; every other attribute is the record's field. */
const computed = {
  start_time: (s, ctx) => date(s.start_time, ctx.op),
  // Viewers may read triggers but not call them (Mage shows viewers every token).
  token: (s, ctx) => (atLeast(ctx.op.caller.role, 'editor') ? s.token : null),
  global_data_product_uuid: () => null,
  last_enabled_at: (s, ctx) => date(s.last_enabled_at, ctx.op),
  created_at: (s, ctx) => ctx.op.dates.format(s.created_at),
  updated_at: (s, ctx) => ctx.op.dates.format(s.updated_at),
  tags: (s) => [...s.tags],
  next_pipeline_run_date: (s, ctx) => date(nextRunDate(s, schedulesTable.in(ctx.op.repo).index.due.get(s.id), ctx.op.clock.now()) ?? null, ctx.op),
  // As Mage: null (not 0) when the trigger has no runs.
  pipeline_runs_count: (s, ctx) => runsTable.in(ctx.op.repo).index.bySchedule.get(s.id)?.length ?? null,
  pipeline_in_progress_runs_count: (s, ctx) => {
    const { index } = runsTable.in(ctx.op.repo);
    return index.bySchedule.has(s.id) ? (index.inProgressBySchedule.get(s.id) ?? 0) : null;
  },
  last_pipeline_run_status: (s, ctx) => {
    const runs = runsTable.in(ctx.op.repo);
    const last = runs.index.bySchedule.get(s.id)?.slice(-1)[0];
    return last === undefined ? null : (runs.get(last)?.status ?? null);
  },
} satisfies PresenterDefinition<ScheduleRecord, undefined, PipelineSchedule>['attributes'];

export const schedulePresenter = definePresenter<ScheduleRecord, undefined, PipelineSchedule>({
  attributes: {
    ...recordFields(without(attributesOf(PipelineScheduleSchema), ...namesOf(computed)), (s: ScheduleRecord) => s),
    ...computed,
  },
  formats: { default: DEFAULTS, create: DEFAULTS, delete: DEFAULTS, detail: DETAIL, update: DETAIL, list: LIST },
});
