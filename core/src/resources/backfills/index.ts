import { onChangesOf } from '../../cascade.js';
import { backfillsTable } from '../../model/backfills.js';
import { pipelinesTable } from '../../model/pipelines.js';
import { deleteBackfillsOf, renameBackfillsOf } from '../../orchestration/backfills/removal.js';
import { defineResource } from '../../resource.js';
import { backfillPolicy } from './policy.js';
import { backfillPresenter } from './presenter.js';
import { backfillResource, pipelineBackfillResource } from './resource.js';

/** Backfills follow their pipeline: renamed with it, deleted with it (with their runs and triggers). */
const followPipelines = onChangesOf(pipelinesTable, {
  renamed: (before, after, { repo }) => renameBackfillsOf(repo, before.uuid, after.uuid),
  deleted: (pipeline, { repo }) => deleteBackfillsOf(repo, pipeline.uuid),
});

/** `/api/backfills[/:id]`. */
export const backfills = defineResource('backfills', {
  tables: [backfillsTable],
  resource: backfillResource,
  policy: backfillPolicy,
  presenter: backfillPresenter,
});

/** `/api/pipelines/:pipeline_uuid/backfills`. */
export const pipelineBackfills = defineResource('pipelines.backfills', {
  resource: pipelineBackfillResource,
  policy: backfillPolicy,
  presenter: backfillPresenter,
  cascades: [followPipelines],
});
