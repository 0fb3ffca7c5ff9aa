import { defineResource } from '../../core/resource.js';
import { pipelineExamples } from './examples.js';
import { pipelinePolicy } from './policy.js';
import { pipelinePresenter } from './presenter.js';
import { pipelineResource } from './resource.js';

/** `/api/pipelines[/:uuid]`. */
export const pipelines = defineResource('pipelines', {
  resource: pipelineResource,
  policy: pipelinePolicy,
  examples: pipelineExamples,
  presenter: pipelinePresenter,
  listMetadata: (page) => ({ results: page.records.length }),
});
