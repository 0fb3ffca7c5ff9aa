import { schedulesTable } from './table.js';
import { onChangesOf } from '../../cascade.js';
import { defineResource } from '../../resource.js';
import { pipelinesTable } from '../pipelines/table.js';
import { pipelineScheduleExamples, scheduleExamples } from './examples.js';
import { triggerFixtures } from './fixtures.js';
import { schedulePolicy } from './policy.js';
import { schedulePresenter } from './presenter.js';
import { deleteSchedulesOf, pipelineScheduleResource, renameSchedulesOf, scheduleResource } from './resource.js';

/** Triggers follow their pipeline: renamed with it, deleted with it (and their runs with them). */
const followPipelines = onChangesOf(pipelinesTable, {
  renamed: (before, after, services) => renameSchedulesOf(services, before.uuid, after.uuid),
  deleted: (pipeline, services) => deleteSchedulesOf(services, pipeline.uuid),
});

/** `/api/pipeline_schedules[/:id]`: every trigger, and one trigger. */
export const pipelineSchedules = defineResource('pipelineSchedules', {
  tables: [schedulesTable],
  resource: scheduleResource,
  policy: schedulePolicy,
  presenter: schedulePresenter,
  examples: scheduleExamples,
});

/** `/api/pipelines/:pipeline_uuid/pipeline_schedules`: a pipeline's triggers. */
export const pipelinePipelineSchedules = defineResource('pipelines.pipelineSchedules', {
  resource: pipelineScheduleResource,
  policy: schedulePolicy,
  presenter: schedulePresenter,
  examples: pipelineScheduleExamples,
  fixtures: triggerFixtures,
  cascades: [followPipelines],
});
