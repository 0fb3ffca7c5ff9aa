import { pipelinesTable } from '../../model/pipelines.js';
import { loadOrchestrator } from '../../orchestration/lazy-orchestrator.js';
import { defineResource } from '../../resource.js';
import { isPlainObject } from '../../request.js';
import { pipelinePolicy } from './policy.js';
import { pipelinePresenter } from './presenter.js';
import { pipelineResource } from './resource.js';

/** `/api/pipelines[/:uuid]`. */
export const pipelines = defineResource('pipelines', {
  tables: [pipelinesTable],
  resource: pipelineResource,
  policy: pipelinePolicy,
  presenter: pipelinePresenter,
  listMetadata: (page) => ({ results: page.records.length }),
  // An update with `status` is a bulk action on the pipeline's triggers and runs: the orchestrator's.
  prepareWrite: (payload) => (isPlainObject(payload) && payload.status !== undefined ? loadOrchestrator() : undefined),
});
