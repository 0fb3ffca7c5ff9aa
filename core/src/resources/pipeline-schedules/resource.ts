import type { NodeAt } from '@pipeline-api/contract';
import { notFound } from '../../errors.js';
import { integerId } from '../../ids.js';
import { deleteTrigger } from '../../orchestration/cascades.js';
import { loadedOrchestrator } from '../../orchestration/lazy-orchestrator.js';
import type { ScheduleRecord } from '../../model/triggers.js';
import { schedulesTable } from '../../model/triggers.js';
import type { Repository } from '../../repository/types.js';
import type { Page, Resource } from '../../resource.js';
import type { PipelineRecord } from '../../model/pipelines.js';

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

  update: (schedule, ctx) => loadedOrchestrator().triggerWrites.update(schedule, ctx),

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

  create: (ctx) => loadedOrchestrator().triggerWrites.create(ctx),
};
