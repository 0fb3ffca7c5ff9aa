import { defineResource } from '../../resource.js';
import { variablePolicy } from './policy.js';
import { variablePresenter } from './presenter.js';
import { variableResource } from './resource.js';

/** `/api/pipelines/:pipeline_uuid/variables`: global variables, kept in the pipeline record (they follow its renames and go with it). */
export const pipelineVariables = defineResource('pipelineVariables', {
  resource: variableResource,
  policy: variablePolicy,
  presenter: variablePresenter,
});
