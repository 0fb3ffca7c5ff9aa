import { onChangesOf } from '../../cascade.js';
import { deleteTriggersOf, renameTriggersOf } from '../../orchestration/cascades.js';
import { schedulesTable } from '../../model/triggers.js';
import { defineResource } from '../../resource.js';
import { pipelinesTable } from '../../model/pipelines.js';
import { schedulePolicy } from './policy.js';
import { schedulePresenter } from './presenter.js';
import { pipelineScheduleResource, scheduleResource } from './resource.js';

/** Triggers follow their pipeline: renamed with it, deleted with it (and their runs with them). */
const followPipelines = onChangesOf(pipelinesTable, {
  renamed: (before, after, { repo }) => renameTriggersOf(repo, before.uuid, after.uuid),
  deleted: (pipeline, { repo }) => deleteTriggersOf(repo, pipeline.uuid),
});

/** `/api/pipeline_schedules[/:id]`: every trigger, and one trigger. */
export const pipelineSchedules = defineResource('pipelineSchedules', {
  tables: [schedulesTable],
  resource: scheduleResource,
  policy: schedulePolicy,
  presenter: schedulePresenter,
});

/** `/api/pipelines/:pipeline_uuid/pipeline_schedules`: a pipeline's triggers. */
export const pipelinePipelineSchedules = defineResource('pipelines.pipelineSchedules', {
  resource: pipelineScheduleResource,
  policy: schedulePolicy,
  presenter: schedulePresenter,
  cascades: [followPipelines],
});
