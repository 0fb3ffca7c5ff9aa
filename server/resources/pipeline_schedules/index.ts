import type { ResourceModule } from '../../core/resource.js';
import { schedulePolicy } from './policy.js';
import { schedulePresenter } from './presenter.js';
import type { ScheduleRecord } from './record.js';
import { scheduleResource } from './resource.js';

/** Triggers: `/api/pipeline_schedules[/:id]` and, nested, `/api/pipelines/:pipeline_uuid/pipeline_schedules`. */
export const pipelineSchedules: ResourceModule<ScheduleRecord> = {
  name: 'pipeline_schedules',
  singular: 'pipeline_schedule',
  defaultLimit: 40,
  resource: scheduleResource,
  policy: schedulePolicy,
  presenter: schedulePresenter,
};
