import type { NodeAt, PipelineScheduleCreate } from '@pipeline-api/contract';
import { notFound } from '../../errors.js';
import { checkChosenToken, integerId, newToken } from '../../ids.js';
import { deleteTrigger } from '../../orchestration/cascades.js';
import { checkVariablesSize } from '../../orchestration/quotas.js';
import { checkInterval, parseDateTime } from '../../orchestration/interval.js';
import type { ScheduleRecord } from '../../orchestration/triggers.js';
import { schedulesTable } from '../../orchestration/triggers-table.js';
import type { Repository } from '../../repository/types.js';
import type { Page, Resource } from '../../resource.js';
import { sizeOf } from '../../repository/storage-limits.js';
import type { PipelineRecord } from '../pipelines/table.js';

type Order = (a: ScheduleRecord, b: ScheduleRecord) => number;
const ORDERS: ReadonlyMap<string, Order> = new Map<string, Order>([
  ['created_at', (a, b) => b.created_at - a.created_at || b.id - a.id],
  ['name', (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id)],
  ['pipeline_uuid', (a, b) => (a.pipeline_uuid < b.pipeline_uuid ? -1 : a.pipeline_uuid > b.pipeline_uuid ? 1 : a.id - b.id)],
  ['status', (a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : a.id - b.id)],
  ['schedule_type', (a, b) => String(a.schedule_type).localeCompare(String(b.schedule_type)) || a.id - b.id],
]);

interface ScheduleFilters {
  'schedule_type[]'?: string[];
  'schedule_interval[]'?: string[];
  'status[]'?: string[];
  'tag[]'?: string[];
  order_by?: string;
}

/** A page of triggers (ids given), filtered and ordered as the list query says: newest first by default. */
function page(repo: Repository, ids: number[], query: ScheduleFilters, meta: { offset: number; limit: number | undefined }): Page<ScheduleRecord> {
  const types = query['schedule_type[]'];
  const intervals = query['schedule_interval[]'];
  const statuses = query['status[]'];
  const tags = query['tag[]'];
  const matched = [...schedulesTable.in(repo).getMany(ids).values()].filter(
    (s) =>
      (!types?.length || types.includes(String(s.schedule_type))) &&
      (!intervals?.length || intervals.includes(String(s.schedule_interval))) &&
      (!statuses?.length || statuses.includes(s.status)) &&
      (!tags?.length || s.tags.some((t) => tags.includes(t))),
  );
  const order = query.order_by === undefined ? undefined : ORDERS.get(query.order_by);
  matched.sort(order ?? ((a, b) => b.id - a.id));
  return { count: matched.length, records: matched.slice(meta.offset, meta.limit === undefined ? undefined : meta.offset + meta.limit) };
}

/** `/api/pipeline_schedules[/:id]`. */
export const scheduleResource: Resource<NodeAt<'pipelineSchedules'>, ScheduleRecord> = {
  member(id, { repo }) {
    const key = integerId(id);
    const schedule = key === undefined ? undefined : schedulesTable.in(repo).get(key);
    if (!schedule) throw notFound(`Pipeline schedule ${id} does not exist.`);
    return schedule;
  },

  collection(ctx) {
    return page(ctx.repo, schedulesTable.in(ctx.repo).sortedKeys().slice(), ctx.query, ctx.meta);
  },

  async update(schedule, ctx) {
    const { repo, clock } = ctx;
    const p = ctx.payload;
    const now = clock.now();
    checkInterval(p.schedule_interval, 'pipeline_schedule.schedule_interval', now);
    if (p.variables !== undefined) checkVariablesSize(ctx, sizeOf(p.variables), "The trigger's variables");
    const next: ScheduleRecord = { ...schedule, updated_at: now };
    if (p.name !== undefined) next.name = p.name;
    if (p.description !== undefined) next.description = p.description;
    if (p.schedule_type !== undefined) next.schedule_type = p.schedule_type;
    if (p.schedule_interval !== undefined) next.schedule_interval = p.schedule_interval;
    if (p.start_time !== undefined) next.start_time = p.start_time === null ? null : parseDateTime(p.start_time, 'pipeline_schedule.start_time');
    if (p.last_enabled_at !== undefined)
      next.last_enabled_at = p.last_enabled_at === null ? null : parseDateTime(p.last_enabled_at, 'pipeline_schedule.last_enabled_at');
    if (p.variables !== undefined) next.variables = p.variables;
    if (p.sla !== undefined) next.sla = p.sla;
    if (p.settings !== undefined) next.settings = p.settings;
    if (p.tags !== undefined) next.tags = [...new Set(p.tags)].sort();
    if (p.event_matchers !== undefined) next.event_matchers = p.event_matchers;
    if (p.repo_path !== undefined) next.repo_path = p.repo_path;
    if (p.status !== undefined) {
      if (p.status === 'active' && schedule.status !== 'active') next.last_enabled_at = now;
      next.status = p.status;
    }
    if (p.rotate_token) next.token = newToken(ctx.random);
    schedulesTable.in(repo).put(next);
    return next;
  },

  async delete(schedule, { repo }) {
    deleteTrigger(repo, schedule.id);
    return schedule;
  },
};

/** `/api/pipelines/:pipeline_uuid/pipeline_schedules`: one pipeline's triggers. */
export const pipelineScheduleResource: Resource<NodeAt<'pipelines.pipelineSchedules'>, ScheduleRecord, undefined, PipelineRecord> = {
  collection(ctx) {
    return page(ctx.repo, schedulesTable.in(ctx.repo).index.ofPipeline(ctx.parent.uuid), ctx.query, ctx.meta);
  },

  async create(ctx) {
    const p: PipelineScheduleCreate = ctx.payload;
    const now = ctx.clock.now();
    checkInterval(p.schedule_interval, 'pipeline_schedule.schedule_interval', now);
    if (p.variables !== undefined) checkVariablesSize(ctx, sizeOf(p.variables), "The trigger's variables");
    if (p.token !== undefined) checkChosenToken(p.token, 'pipeline_schedule.token');
    const schedules = schedulesTable.in(ctx.repo);
    const status = p.status ?? 'inactive';
    const schedule: ScheduleRecord = {
      id: schedules.nextId(),
      pipeline_uuid: ctx.parent.uuid,
      name: p.name,
      description: p.description ?? null,
      schedule_type: p.schedule_type ?? null,
      schedule_interval: p.schedule_interval ?? null,
      start_time: p.start_time ? parseDateTime(p.start_time, 'pipeline_schedule.start_time') : null,
      status,
      variables: p.variables ?? {},
      sla: p.sla ?? null,
      settings: p.settings ?? {},
      token: p.token ?? newToken(ctx.random),
      tags: [...new Set(p.tags ?? [])].sort(),
      event_matchers: p.event_matchers ?? [],
      repo_path: p.repo_path ?? '/home/src/default_repo',
      last_enabled_at: status === 'active' ? now : null,
      created_at: now,
      updated_at: now,
      last_fired_execution_date: null,
    };
    schedules.put(schedule);
    return schedule;
  },
};
