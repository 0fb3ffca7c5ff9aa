import { formatDateTime } from '../../core/clock.js';
import { atLeast } from '../../core/auth/roles.js';
import { definePresenter } from '../../core/presenter.js';
import { nextExecutionDate } from './interval.js';
import type { ScheduleRecord } from './record.js';

const date = (ms: number | null) => (ms === null ? null : formatDateTime(ms));

/** Mage's 17 default attributes. */
const DEFAULTS = [
  'created_at', 'description', 'global_data_product_uuid', 'id', 'last_enabled_at', 'name', 'pipeline_uuid', 'repo_path',
  'schedule_interval', 'schedule_type', 'settings', 'sla', 'start_time', 'status', 'token', 'updated_at', 'variables',
];
const DETAIL = [...DEFAULTS, 'event_matchers', 'tags', 'next_pipeline_run_date'];
const LIST = [...DETAIL, 'last_pipeline_run_status', 'pipeline_in_progress_runs_count', 'pipeline_runs_count'];

export const schedulePresenter = definePresenter<ScheduleRecord>({
  attributes: {
    id: (s) => s.id,
    pipeline_uuid: (s) => s.pipeline_uuid,
    name: (s) => s.name,
    description: (s) => s.description,
    schedule_type: (s) => s.schedule_type,
    schedule_interval: (s) => s.schedule_interval,
    start_time: (s) => date(s.start_time),
    status: (s) => s.status,
    variables: (s) => s.variables,
    sla: (s) => s.sla,
    settings: (s) => s.settings,
    // Viewers may read triggers but not call them (Mage shows viewers every token).
    token: (s, ctx) => (atLeast(ctx.op.caller.role, 'editor') ? s.token : null),
    repo_path: (s) => s.repo_path,
    global_data_product_uuid: () => null,
    last_enabled_at: (s) => date(s.last_enabled_at),
    created_at: (s) => formatDateTime(s.created_at),
    updated_at: (s) => formatDateTime(s.updated_at),
    event_matchers: (s) => s.event_matchers,
    tags: (s) => [...s.tags],
    next_pipeline_run_date: (s, ctx) =>
      s.schedule_type === 'time' ? date(nextExecutionDate(s.schedule_interval, ctx.op.clock.now()) ?? null) : null,
    // As Mage: null (not 0) when the trigger has no runs.
    pipeline_runs_count: (s, ctx) => ctx.op.repo.pipelineRuns.index.bySchedule.get(s.id)?.length ?? null,
    pipeline_in_progress_runs_count: (s, ctx) =>
      ctx.op.repo.pipelineRuns.index.bySchedule.has(s.id) ? (ctx.op.repo.pipelineRuns.index.inProgressBySchedule.get(s.id) ?? 0) : null,
    last_pipeline_run_status: (s, ctx) => {
      const ids = ctx.op.repo.pipelineRuns.index.bySchedule.get(s.id);
      const last = ids?.slice(-1)[0];
      return last === undefined ? null : (ctx.op.repo.pipelineRuns.get(last)?.status ?? null);
    },
  },
  formats: { default: DEFAULTS, create: DEFAULTS, delete: DEFAULTS, detail: DETAIL, update: DETAIL, list: LIST },
});
