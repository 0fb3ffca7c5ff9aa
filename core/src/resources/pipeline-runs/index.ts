import { runsTable } from '../../model/runs.js';
import { pipelinesTable } from '../../model/pipelines.js';
import { defineResource } from '../../resource.js';
import { runPolicy } from './policy.js';
import { runPresenter } from '../../views/runs.js';
import { runResource, scheduleRunResource } from './resource.js';

/** Runs: `/api/pipeline_runs[/:id]`. */
export const pipelineRuns = defineResource('pipelineRuns', {
  tables: [runsTable],
  resource: runResource,
  policy: runPolicy,
  presenter: runPresenter,
  // As Mage: every pipeline's uuid, for the runs page's pipeline filter.
  listMetadata: (_page, ctx) => (ctx.query.include_pipeline_uuids === true ? { pipeline_uuids: pipelinesTable.in(ctx.repo).sortedKeys().slice() } : {}),
});

/** `/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs`: a trigger's runs. */
export const schedulePipelineRuns = defineResource('pipelineSchedules.pipelineRuns', {
  resource: scheduleRunResource,
  policy: runPolicy,
  presenter: runPresenter,
});
