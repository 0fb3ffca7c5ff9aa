import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { atLeast } from '../../auth/roles.js';
import type { RequestContext } from '../../context.js';
import { definePresenter } from '../../presenter.js';
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
const DETAIL = [...DEFAULTS, 'event_matchers', 'tags', 'next_pipeline_run_date'] as const;
const LIST = [...DETAIL, 'last_pipeline_run_status', 'pipeline_in_progress_runs_count', 'pipeline_runs_count'] as const;

export const schedulePresenter = definePresenter<ScheduleRecord, undefined, PipelineSchedule>({
  attributes: {
    id: (s) => s.id,
    pipeline_uuid: (s) => s.pipeline_uuid,
    name: (s) => s.name,
    description: (s) => s.description,
    schedule_type: (s) => s.schedule_type,
    schedule_interval: (s) => s.schedule_interval,
    start_time: (s, ctx) => date(s.start_time, ctx.op),
    status: (s) => s.status,
    variables: (s) => s.variables,
    sla: (s) => s.sla,
    settings: (s) => s.settings,
    // Viewers may read triggers but not call them (Mage shows viewers every token).
    token: (s, ctx) => (atLeast(ctx.op.caller.role, 'editor') ? s.token : null),
    repo_path: (s) => s.repo_path,
    global_data_product_uuid: () => null,
    last_enabled_at: (s, ctx) => date(s.last_enabled_at, ctx.op),
    created_at: (s, ctx) => ctx.op.dates.format(s.created_at),
    updated_at: (s, ctx) => ctx.op.dates.format(s.updated_at),
    event_matchers: (s) => s.event_matchers,
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
  },
  formats: { default: DEFAULTS, create: DEFAULTS, delete: DEFAULTS, detail: DETAIL, update: DETAIL, list: LIST },
});
