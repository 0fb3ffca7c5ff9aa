import { defineResource } from '../../resource.js';
import { triggerInCodePolicy } from './policy.js';
import { triggerInCodePresenter } from './presenter.js';
import { triggerInCodeResource } from './resource.js';

/** `/api/pipelines/:pipeline_uuid/pipeline_triggers`: triggers kept in code, in the pipeline record (renamed and deleted with it). */
export const pipelineTriggers = defineResource('pipelineTriggers', {
  resource: triggerInCodeResource,
  policy: triggerInCodePolicy,
  presenter: triggerInCodePresenter,
});
