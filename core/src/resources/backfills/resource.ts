import type { NodeAt } from '@pipeline-api/contract';
import { notFound } from '../../errors.js';
import { integerId } from '../../ids.js';
import { backfillsTable, type BackfillRecord } from '../../model/backfills.js';
import type { PipelineRecord } from '../../model/pipelines.js';
import { runsTable } from '../../model/runs.js';
import { backfillProgress, type BackfillProgress } from '../../orchestration/backfills/preview.js';
import { deleteBackfill } from '../../orchestration/backfills/removal.js';
import { loadedOrchestrator } from '../../orchestration/lazy-orchestrator.js';
import type { Repository } from '../../repository/types.js';
import type { LookupContext, Page, Resource } from '../../resource.js';
import type { BackfillProgressById } from './presenter.js';

/** Mage's page size for preview dates. */
const PREVIEW_LIMIT = 40;

/** A page of backfills, newest first (Mage orders by created_at desc; ids grow with it). */
function newestFirst(repo: Repository, ids: readonly number[], meta: { offset: number; limit: number | undefined }): Page<BackfillRecord> {
  const end = ids.length - meta.offset;
  const start = meta.limit === undefined ? 0 : Math.max(0, end - meta.limit);
  const page = end <= 0 ? [] : ids.slice(start, end).reverse();
  const found = backfillsTable.in(repo).getMany(page);
  return { count: ids.length, records: page.flatMap((id) => found.get(id) ?? []) };
}

/** `include_run_count` / `include_preview_runs` for the backfills of one answer: each reads its own runs only. */
function progressOf(records: BackfillRecord[], ctx: LookupContext): BackfillProgressById {
  const query: Readonly<Record<string, unknown>> = ctx.query;
  const includeRunCount = query.include_run_count === true;
  const includePreviewRuns = ctx.action === 'detail' && query.include_preview_runs === true;
  const progress = new Map<number, BackfillProgress>();
  if (!includeRunCount && !includePreviewRuns) return progress;
  const runs = runsTable.in(ctx.repo);
  for (const backfill of records) {
    const own = runs.getMany(runs.index.byBackfill.get(backfill.id)?.slice() ?? []);
    progress.set(
      backfill.id,
      backfillProgress(backfill, own.values(), { includeRunCount, includePreviewRuns, offset: ctx.meta.offset, limit: ctx.meta.limit ?? PREVIEW_LIMIT }),
    );
  }
  return progress;
}

/** `/api/backfills[/:id]`. */
export const backfillResource: Resource<NodeAt<'backfills'>, BackfillRecord, BackfillProgressById> = {
  member(id, { repo }) {
    const key = integerId(id);
    const backfill = key === undefined ? undefined : backfillsTable.in(repo).get(key);
    if (!backfill) throw notFound(`Backfill ${id} does not exist.`);
    return backfill;
  },

  collection(ctx) {
    const backfills = backfillsTable.in(ctx.repo);
    const { pipeline_uuid } = ctx.query;
    const ids = pipeline_uuid === undefined ? backfills.sortedKeys().slice() : (backfills.index.byPipeline.get(pipeline_uuid)?.slice() ?? []);
    return newestFirst(ctx.repo, ids, ctx.meta);
  },

  preload: progressOf,

  update: async (backfill, ctx) => loadedOrchestrator().updateBackfill(ctx, backfill, ctx.payload, ctx.clock.now()),

  async delete(backfill, { repo }) {
    repo.transaction(() => deleteBackfill(repo, backfill));
    return backfill;
  },
};

/** `/api/pipelines/:pipeline_uuid/backfills`: one pipeline's backfills; a new draft. */
export const pipelineBackfillResource: Resource<NodeAt<'pipelines.backfills'>, BackfillRecord, BackfillProgressById, PipelineRecord> = {
  collection(ctx) {
    return newestFirst(ctx.repo, backfillsTable.in(ctx.repo).index.byPipeline.get(ctx.parent.uuid)?.slice() ?? [], ctx.meta);
  },

  preload: progressOf,

  async create(ctx) {
    const backfills = backfillsTable.in(ctx.repo);
    const now = ctx.clock.now();
    const backfill: BackfillRecord = {
      id: backfills.nextId(),
      name: ctx.payload.name,
      pipeline_uuid: ctx.parent.uuid,
      pipeline_schedule_id: null,
      block_uuid: null,
      start_datetime: null,
      end_datetime: null,
      interval_type: null,
      interval_units: null,
      settings: null,
      variables: null,
      status: null,
      started_at: null,
      completed_at: null,
      failed_at: null,
      created_at: now,
      updated_at: now,
    };
    backfills.put(backfill);
    return backfill;
  },
};
