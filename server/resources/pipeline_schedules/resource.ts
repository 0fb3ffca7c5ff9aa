import type { PipelineScheduleCreate, PipelineScheduleUpdate } from '@pipeline-api/contract';
import { payloadOf, type OperationContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import type { PipelineRecord } from '../../core/repository/types.js';
import type { Resource } from '../../core/resource.js';
import { deleteRunsOf } from '../pipeline_runs/create.js';
import { checkInterval, parseDateTime } from './interval.js';
import type { ScheduleRecord } from './record.js';

/** Mage's token: uuid4().hex, 32 lowercase hex characters. */
export function newToken(ctx: OperationContext): string {
  let hex = '';
  for (const b of ctx.random(new Uint8Array(16))) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Integer ids only: anything else names no record. */
export const integerId = (id: string): number | undefined => (/^\d{1,15}$/.test(id) ? Number(id) : undefined);

const ORDERS: Record<string, (a: ScheduleRecord, b: ScheduleRecord) => number> = {
  created_at: (a, b) => b.created_at - a.created_at || b.id - a.id,
  name: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
  pipeline_uuid: (a, b) => (a.pipeline_uuid < b.pipeline_uuid ? -1 : a.pipeline_uuid > b.pipeline_uuid ? 1 : a.id - b.id),
  status: (a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : a.id - b.id),
  schedule_type: (a, b) => String(a.schedule_type).localeCompare(String(b.schedule_type)) || a.id - b.id,
};

export const scheduleResource: Resource<ScheduleRecord> = {
  member(id, { repo }) {
    const key = integerId(id);
    const schedule = key === undefined ? undefined : repo.pipelineSchedules.get(key);
    if (!schedule) throw notFound(`Pipeline schedule ${id} does not exist.`);
    return schedule;
  },

  collection(ctx) {
    const { repo, query } = ctx;
    const parent = ctx.parent as PipelineRecord | undefined;
    const ids = parent ? repo.pipelineSchedules.index.ofPipeline(parent.uuid) : repo.pipelineSchedules.sortedKeys().slice();
    const types = query['schedule_type[]'] as string[] | undefined;
    const intervals = query['schedule_interval[]'] as string[] | undefined;
    const statuses = query['status[]'] as string[] | undefined;
    const tags = query['tag[]'] as string[] | undefined;
    const found = repo.pipelineSchedules.getMany(ids);
    const matched = ids
      .map((id) => found.get(id)!)
      .filter(
        (s) =>
          (!types?.length || types.includes(String(s.schedule_type))) &&
          (!intervals?.length || intervals.includes(String(s.schedule_interval))) &&
          (!statuses?.length || statuses.includes(s.status)) &&
          (!tags?.length || s.tags.some((t) => tags.includes(t))),
      );
    const order = typeof query.order_by === 'string' ? ORDERS[query.order_by] : undefined;
    matched.sort(order ?? ((a, b) => b.id - a.id));
    const { offset, limit } = ctx.meta;
    return { count: matched.length, records: matched.slice(offset, limit === undefined ? undefined : offset + limit) };
  },

  async create(ctx) {
    const { repo, clock } = ctx;
    const parent = ctx.parent as PipelineRecord;
    const p = payloadOf<PipelineScheduleCreate>(ctx);
    checkInterval(p.schedule_interval, 'pipeline_schedule.schedule_interval');
    const now = clock.now();
    const status = p.status ?? 'inactive';
    const schedule: ScheduleRecord = {
      id: repo.pipelineSchedules.nextId(),
      pipeline_uuid: parent.uuid,
      name: p.name,
      description: p.description ?? null,
      schedule_type: p.schedule_type ?? null,
      schedule_interval: p.schedule_interval ?? null,
      start_time: p.start_time ? parseDateTime(p.start_time, 'pipeline_schedule.start_time') : null,
      status,
      variables: p.variables ?? {},
      sla: p.sla ?? null,
      settings: p.settings ?? {},
      token: p.token ?? newToken(ctx),
      tags: [...new Set(p.tags ?? [])].sort(),
      event_matchers: p.event_matchers ?? [],
      repo_path: p.repo_path ?? '/home/src/default_repo',
      last_enabled_at: status === 'active' ? now : null,
      created_at: now,
      updated_at: now,
      last_fired_execution_date: null,
    };
    repo.pipelineSchedules.put(schedule);
    return schedule;
  },

  async update(schedule, ctx) {
    const { repo, clock } = ctx;
    const p = payloadOf<PipelineScheduleUpdate>(ctx);
    checkInterval(p.schedule_interval, 'pipeline_schedule.schedule_interval');
    const now = clock.now();
    // Re-read: the record may have changed since the lookup (the scheduler runs between requests).
    const current = repo.pipelineSchedules.get(schedule.id) ?? schedule;
    const next: ScheduleRecord = { ...current, updated_at: now };
    if (p.name !== undefined) next.name = p.name;
    if (p.description !== undefined) next.description = p.description;
    if (p.schedule_type !== undefined) next.schedule_type = p.schedule_type;
    if (p.schedule_interval !== undefined) next.schedule_interval = p.schedule_interval;
    if (p.start_time !== undefined) next.start_time = p.start_time === null ? null : parseDateTime(p.start_time, 'pipeline_schedule.start_time');
    if (p.last_enabled_at !== undefined) next.last_enabled_at = p.last_enabled_at === null ? null : parseDateTime(p.last_enabled_at, 'pipeline_schedule.last_enabled_at');
    if (p.variables !== undefined) next.variables = p.variables;
    if (p.sla !== undefined) next.sla = p.sla;
    if (p.settings !== undefined) next.settings = p.settings;
    if (p.tags !== undefined) next.tags = [...new Set(p.tags)].sort();
    if (p.event_matchers !== undefined) next.event_matchers = p.event_matchers;
    if (p.repo_path !== undefined) next.repo_path = p.repo_path;
    if (p.status !== undefined) {
      if (p.status === 'active' && current.status !== 'active') next.last_enabled_at = now;
      next.status = p.status;
    }
    if (p.rotate_token) next.token = newToken(ctx);
    repo.pipelineSchedules.put(next);
    return next;
  },

  async delete(schedule, { repo }) {
    repo.transaction(() => {
      deleteRunsOf(repo, schedule.id);
      repo.pipelineSchedules.delete(schedule.id);
    });
    return schedule;
  },
};

/** A pipeline's triggers and their runs go with it (no orphan runs). */
export function deleteSchedulesOf(repo: OperationContext['repo'], pipelineUuid: string): void {
  for (const id of repo.pipelineSchedules.index.ofPipeline(pipelineUuid)) {
    deleteRunsOf(repo, id);
    repo.pipelineSchedules.delete(id);
  }
}

/** A renamed pipeline keeps its triggers and runs: they follow the new uuid. */
export function renameSchedulesOf(repo: OperationContext['repo'], from: string, to: string): void {
  for (const id of repo.pipelineSchedules.index.ofPipeline(from)) {
    const schedule = repo.pipelineSchedules.get(id)!;
    repo.pipelineSchedules.put({ ...schedule, pipeline_uuid: to });
    for (const runId of repo.pipelineRuns.index.bySchedule.get(id)?.slice() ?? []) {
      const run = repo.pipelineRuns.get(runId)!;
      repo.pipelineRuns.put({ ...run, pipeline_uuid: to });
    }
  }
}
