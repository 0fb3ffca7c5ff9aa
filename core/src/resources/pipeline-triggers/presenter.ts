import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { definePresenter } from '../../presenter.js';
import type { TriggerInCodeView } from './resource.js';

/** Mage's PipelineTriggerPresenter's ten attributes: no token, description or last_enabled_at. */
const ATTRIBUTES = ['envs', 'name', 'pipeline_uuid', 'schedule_interval', 'schedule_type', 'settings', 'sla', 'start_time', 'status', 'variables'] as const;

export const triggerInCodePresenter = definePresenter<TriggerInCodeView, undefined, NodeItemOf<NodeAt<'pipelineTriggers'>>>({
  attributes: {
    envs: (v) => [...v.trigger.envs],
    name: (v) => v.trigger.name,
    pipeline_uuid: (v) => v.pipeline_uuid,
    schedule_interval: (v) => v.trigger.schedule_interval,
    schedule_type: (v) => v.trigger.schedule_type,
    settings: (v) => v.trigger.settings,
    sla: (v) => v.trigger.sla,
    start_time: (v, ctx) => (v.trigger.start_time === null ? null : ctx.op.dates.format(v.trigger.start_time)),
    status: (v) => v.trigger.status,
    variables: (v) => v.trigger.variables,
  },
  formats: { default: ATTRIBUTES },
});
