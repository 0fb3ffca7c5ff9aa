import { loadOrchestrator } from '../../orchestration/lazy-orchestrator.js';
import { runsTable } from '../../model/runs.js';
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
  // Cancelling or retrying a run is the orchestrator's.
  prepareWrite: loadOrchestrator,
});

/** `/api/pipeline_schedules/:pipeline_schedule_id/pipeline_runs`: a trigger's runs. */
export const schedulePipelineRuns = defineResource('pipelineSchedules.pipelineRuns', {
  resource: scheduleRunResource,
  policy: runPolicy,
  presenter: runPresenter,
  // Running a trigger now is the orchestrator's.
  prepareWrite: loadOrchestrator,
});
