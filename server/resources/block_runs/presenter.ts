import { formatDateTime } from '../../core/clock.js';
import { definePresenter } from '../../core/presenter.js';
import type { BlockRunRow } from './resource.js';

const date = (ms: number | null) => (ms === null ? null : formatDateTime(ms));

const ATTRIBUTES = [
  'id', 'pipeline_run_id', 'block_uuid', 'status', 'started_at', 'completed_at', 'created_at', 'updated_at', 'metrics',
  'pipeline_schedule_id', 'pipeline_schedule_name',
];

/** Mage's block run columns, with the trigger's id and name (which Mage leaves null on the nested route). */
export const blockRunPresenter = definePresenter<BlockRunRow>({
  attributes: {
    id: (r) => r.blockRun.id,
    pipeline_run_id: (r) => r.run.id,
    block_uuid: (r) => r.blockRun.block_uuid,
    status: (r) => r.blockRun.status,
    started_at: (r) => date(r.blockRun.started_at),
    completed_at: (r) => date(r.blockRun.completed_at),
    created_at: (r) => formatDateTime(r.blockRun.created_at),
    updated_at: (r) => formatDateTime(r.blockRun.updated_at),
    metrics: (r) => r.blockRun.metrics,
    pipeline_schedule_id: (r) => r.run.pipeline_schedule_id,
    pipeline_schedule_name: (r, ctx) => ctx.op.repo.pipelineSchedules.get(r.run.pipeline_schedule_id)?.name ?? null,
  },
  formats: { default: ATTRIBUTES },
});
