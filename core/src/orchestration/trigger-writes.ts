import { payloadAttributes, type NodeAt, type PipelineScheduleCreate } from '@pipeline-api/contract';
import { applyPatch, without } from '../model/patch.js';
import { checkInterval } from './interval-check.js';
import { parseDateTime } from '../model/interval.js';
import { checkVariablesSize } from './quotas.js';
import type { ScheduleRecord } from '../model/triggers.js';
import { schedulesTable } from '../model/triggers.js';
import { sizeOf } from '../repository/storage-limits.js';
import type { Resource } from '../resource.js';
import type { PipelineRecord } from '../model/pipelines.js';
import { checkChosenToken, newToken } from './trigger-tokens.js';

export type TriggerWrites = Pick<Resource<NodeAt<'pipelineSchedules'>, ScheduleRecord>, 'update'> &
  Pick<Resource<NodeAt<'pipelines.pipelineSchedules'>, ScheduleRecord, undefined, PipelineRecord>, 'create'>;

/** What an update stores as sent: every attribute of its payload but those with rules of their own. */
const PLAIN = without(payloadAttributes('pipelineSchedules.update'), 'id', 'start_time', 'last_enabled_at', 'tags', 'status', 'rotate_token');

/** A trigger's create and update (in the orchestrator's chunk: a page that never writes a trigger never loads them). */
export const triggerWrites: TriggerWrites = {
  async update(schedule, ctx) {
    const { repo, clock } = ctx;
    const p = ctx.payload;
    const now = clock.now();
    checkInterval(p.schedule_interval, 'pipeline_schedule.schedule_interval', now);
    if (p.variables !== undefined) checkVariablesSize(ctx, sizeOf(p.variables), "The trigger's variables");
    const next: ScheduleRecord = applyPatch({ ...schedule, updated_at: now }, p, PLAIN);
    if (p.start_time !== undefined) next.start_time = p.start_time === null ? null : parseDateTime(p.start_time, 'pipeline_schedule.start_time');
    if (p.last_enabled_at !== undefined)
      next.last_enabled_at = p.last_enabled_at === null ? null : parseDateTime(p.last_enabled_at, 'pipeline_schedule.last_enabled_at');
    if (p.tags !== undefined) next.tags = [...new Set(p.tags)].sort();
    if (p.status !== undefined) {
      if (p.status === 'active' && schedule.status !== 'active') next.last_enabled_at = now;
      next.status = p.status;
    }
    if (p.rotate_token) next.token = newToken(ctx.random);
    schedulesTable.in(repo).put(next);
    return next;
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
