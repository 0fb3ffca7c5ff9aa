import type { ResourceModule } from '../../core/resource.js';
import { runPolicy } from './policy.js';
import { runPresenter } from './presenter.js';
import type { RunRecord } from './record.js';
import { runResource } from './resource.js';

/** Runs: `/api/pipeline_runs[/:id]` and, nested, `/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs`. */
export const pipelineRuns: ResourceModule<RunRecord> = {
  name: 'pipeline_runs',
  singular: 'pipeline_run',
  defaultLimit: 40,
  resource: runResource,
  policy: runPolicy,
  presenter: runPresenter,
};
