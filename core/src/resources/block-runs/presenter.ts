import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import type { RequestContext } from '../../context.js';
import { definePresenter } from '../../presenter.js';
import { schedulesTable } from '../../model/triggers.js';
import type { BlockRunRow } from './resource.js';

type BlockRun = NodeItemOf<NodeAt<'blockRuns'>>;
const date = (ms: number | null, op: RequestContext) => (ms === null ? null : op.dates.format(ms));

const ATTRIBUTES = [
  'id',
  'pipeline_run_id',
  'block_uuid',
  'status',
  'started_at',
  'completed_at',
  'created_at',
  'updated_at',
  'metrics',
  'pipeline_schedule_id',
  'pipeline_schedule_name',
] as const;

/** Mage's block run columns, with the trigger's id and name (which Mage leaves null on the nested route). */
export const blockRunPresenter = definePresenter<BlockRunRow, undefined, BlockRun>({
  attributes: {
    id: (r) => r.blockRun.id,
    pipeline_run_id: (r) => r.run.id,
    block_uuid: (r) => r.blockRun.block_uuid,
    status: (r) => r.blockRun.status,
    started_at: (r, ctx) => date(r.blockRun.started_at, ctx.op),
    completed_at: (r, ctx) => date(r.blockRun.completed_at, ctx.op),
    created_at: (r, ctx) => ctx.op.dates.format(r.blockRun.created_at),
    updated_at: (r, ctx) => ctx.op.dates.format(r.blockRun.updated_at),
    metrics: (r) => r.blockRun.metrics,
    pipeline_schedule_id: (r) => r.run.pipeline_schedule_id,
    pipeline_schedule_name: (r, ctx) => schedulesTable.in(ctx.op.repo).get(r.run.pipeline_schedule_id)?.name ?? null,
  },
  formats: { default: ATTRIBUTES },
});
