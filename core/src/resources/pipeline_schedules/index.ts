import { onChangesOf } from '../../cascade.js';
import { deleteTriggersOf, renameTriggersOf } from '../../orchestration/commands.js';
import { isCronExpression, isCronLoaded, loadCron } from '../../orchestration/interval.js';
import { schedulesTable } from '../../orchestration/triggers-table.js';
import { defineResource } from '../../resource.js';
import { isPlainObject } from '../../request.js';
import { pipelinesTable } from '../pipelines/table.js';
import { schedulePolicy } from './policy.js';
import { schedulePresenter } from './presenter.js';
import { pipelineScheduleResource, scheduleResource } from './resource.js';

/** Triggers follow their pipeline: renamed with it, deleted with it (and their runs with them). */
const followPipelines = onChangesOf(pipelinesTable, {
  renamed: (before, after, { repo }) => renameTriggersOf(repo, before.uuid, after.uuid),
  deleted: (pipeline, { repo }) => deleteTriggersOf(repo, pipeline.uuid),
});

/** A write naming a cron expression loads croner first (the first one only waits). */
const loadCronFor = (payload: unknown) => (!isCronLoaded() && isPlainObject(payload) && isCronExpression(payload.schedule_interval) ? loadCron() : undefined);

/** `/api/pipeline_schedules[/:id]`: every trigger, and one trigger. */
export const pipelineSchedules = defineResource('pipelineSchedules', {
  tables: [schedulesTable],
  resource: scheduleResource,
  policy: schedulePolicy,
  presenter: schedulePresenter,
  prepareWrite: loadCronFor,
});

/** `/api/pipelines/:pipeline_uuid/pipeline_schedules`: a pipeline's triggers. */
export const pipelinePipelineSchedules = defineResource('pipelines.pipelineSchedules', {
  resource: pipelineScheduleResource,
  policy: schedulePolicy,
  presenter: schedulePresenter,
  cascades: [followPipelines],
  prepareWrite: loadCronFor,
});
