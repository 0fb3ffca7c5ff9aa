import { pipelinesTable } from '../../model/pipelines.js';
import { defineResource } from '../../resource.js';
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
});
