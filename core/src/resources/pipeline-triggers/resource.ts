import { MAX_PIPELINE_TRIGGERS, type NodeAt, type PipelineTriggerCreate } from '@pipeline-api/contract';
import { ApiError, notFound } from '../../errors.js';
import { parseDateTime } from '../../model/interval.js';
import { pipelinesTable, type PipelineRecord } from '../../model/pipelines.js';
import { schedulesTable } from '../../model/triggers.js';
import type { TriggerInCode } from '../../model/triggers-in-code.js';
import { sizeOf } from '../../repository/storage-limits.js';
import { paginate, type Resource } from '../../resource.js';

/** A trigger in code and the pipeline it is kept with (triggers.yaml's entries are presented with it). */
export interface TriggerInCodeView {
  pipeline_uuid: string;
  trigger: TriggerInCode;
}

/** JSON bytes one pipeline's triggers in code may hold together. */
export const MAX_TRIGGERS_IN_CODE_BYTES = 256 * 1024;

/** The entry a payload makes: a copy of a stored trigger of this pipeline, or the trigger it describes. */
function entryFrom(p: PipelineTriggerCreate, pipeline: PipelineRecord, repo: Parameters<typeof schedulesTable.in>[0]): TriggerInCode {
  if (p.pipeline_schedule_id !== undefined) {
    const schedule = schedulesTable.in(repo).get(p.pipeline_schedule_id);
    if (schedule?.pipeline_uuid !== pipeline.uuid) {
      throw notFound(`Trigger ${p.pipeline_schedule_id} does not exist in pipeline ${pipeline.uuid}.`);
    }
    return {
      name: schedule.name,
      schedule_type: schedule.schedule_type,
      schedule_interval: schedule.schedule_interval,
      start_time: schedule.start_time,
      status: schedule.status,
      settings: { ...schedule.settings },
      sla: schedule.sla,
      variables: { ...schedule.variables },
      envs: [],
      description: schedule.description,
      last_enabled_at: schedule.last_enabled_at,
      token: schedule.token,
    };
  }
  if (p.name === undefined) throw new ApiError('record_invalid', 'Pipeline schedule ID or trigger name is required.');
  return {
    name: p.name,
    schedule_type: p.schedule_type ?? null,
    schedule_interval: p.schedule_interval ?? null,
    start_time: p.start_time ? parseDateTime(p.start_time, 'pipeline_trigger.start_time') : null,
    status: p.status ?? 'inactive',
    settings: p.settings ?? {},
    sla: p.sla ?? null,
    variables: p.variables ?? {},
    envs: p.envs ?? [],
    description: null,
    last_enabled_at: null,
    token: null,
  };
}

/** Mage's PipelineTriggerResource: a pipeline's `triggers.yaml`, kept in the pipeline record. */
export const triggerInCodeResource: Resource<NodeAt<'pipelineTriggers'>, TriggerInCodeView, undefined, PipelineRecord> = {
  collection(ctx) {
    const all = (ctx.parent.triggers_in_code ?? []).map((trigger) => ({ pipeline_uuid: ctx.parent.uuid, trigger }));
    return paginate(all, ctx);
  },

  async create(ctx) {
    const { repo, payload } = ctx;
    const pipelines = pipelinesTable.in(repo);
    const pipeline = pipelines.get(ctx.parent.uuid);
    if (!pipeline) throw notFound(`Pipeline ${ctx.parent.uuid} does not exist.`);
    const entry = entryFrom(payload, pipeline, repo);
    const kept = pipeline.triggers_in_code ?? [];
    // As Mage's add_or_update: a name already kept is replaced where it is, and keeps its envs.
    const at = kept.findIndex((t) => t.name === entry.name);
    const next = [...kept];
    if (at >= 0) next[at] = { ...entry, envs: payload.envs ?? kept[at]!.envs };
    else next.push(entry);
    if (next.length > MAX_PIPELINE_TRIGGERS) {
      throw new ApiError(
        'record_invalid',
        `A pipeline keeps at most ${MAX_PIPELINE_TRIGGERS} triggers in code; this one has ${kept.length}. Nothing was changed.`,
      );
    }
    const bytes = sizeOf(next);
    if (bytes > MAX_TRIGGERS_IN_CODE_BYTES) {
      throw new ApiError(
        'payload_too_large',
        `The pipeline's triggers in code would be ${bytes} bytes of JSON; at most ${MAX_TRIGGERS_IN_CODE_BYTES} are kept. Nothing was changed.`,
      );
    }
    repo.transaction(() => pipelines.put({ ...pipeline, triggers_in_code: next }));
    return { pipeline_uuid: pipeline.uuid, trigger: next[at >= 0 ? at : next.length - 1]! };
  },
};
