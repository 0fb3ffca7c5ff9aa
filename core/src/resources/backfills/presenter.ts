import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import type { BackfillRecord } from '../../model/backfills.js';
import type { BackfillProgress } from '../../orchestration/backfills/preview.js';
import { mageDateTime } from '../../orchestration/backfills/run-dates.js';
import { definePresenter, namesOf, recordFields } from '../../presenter.js';
import type { RequestContext } from '../../context.js';

type Backfill = NodeItemOf<NodeAt<'backfills'>>;
/** What `include_run_count` / `include_preview_runs` add, per backfill id (computed once per page in preload). */
export type BackfillProgressById = ReadonlyMap<number, BackfillProgress>;

const time = (ms: number | null, op: RequestContext) => (ms === null ? null : op.dates.format(ms));
const windowTime = (ms: number | null) => (ms === null ? null : mageDateTime(ms));

const computed = {
  start_datetime: (b: BackfillRecord) => windowTime(b.start_datetime),
  end_datetime: (b: BackfillRecord) => windowTime(b.end_datetime),
  metrics: () => null,
  created_at: (b: BackfillRecord, ctx: { op: RequestContext }) => ctx.op.dates.format(b.created_at),
  updated_at: (b: BackfillRecord, ctx: { op: RequestContext }) => ctx.op.dates.format(b.updated_at),
  started_at: (b: BackfillRecord, ctx: { op: RequestContext }) => time(b.started_at, ctx.op),
  completed_at: (b: BackfillRecord, ctx: { op: RequestContext }) => time(b.completed_at, ctx.op),
  failed_at: (b: BackfillRecord, ctx: { op: RequestContext }) => time(b.failed_at, ctx.op),
  total_run_count: (b: BackfillRecord, ctx: { preloaded: BackfillProgressById }) => ctx.preloaded.get(b.id)?.total_run_count,
  run_status_counts: (b: BackfillRecord, ctx: { preloaded: BackfillProgressById }) => ctx.preloaded.get(b.id)?.run_status_counts,
  pipeline_run_dates: (b: BackfillRecord, ctx: { preloaded: BackfillProgressById }) => ctx.preloaded.get(b.id)?.pipeline_run_dates,
};

const STORED = [
  'id',
  'name',
  'pipeline_uuid',
  'pipeline_schedule_id',
  'block_uuid',
  'interval_type',
  'interval_units',
  'settings',
  'variables',
  'status',
] as const;

/** Mage's attributes, and the progress fields when asked for (absent otherwise, as Mage). */
export const backfillPresenter = definePresenter<BackfillRecord, BackfillProgressById, Backfill>({
  attributes: { ...recordFields(STORED, (b: BackfillRecord) => b), ...computed },
  formats: { default: [...STORED, ...namesOf(computed)] },
});
