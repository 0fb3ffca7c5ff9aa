import { defineResource } from '../../resource.js';
import { blockRunPolicy } from './policy.js';
import { blockRunPresenter } from './presenter.js';
import { blockRunResource, runBlockRunResource } from './resource.js';

/** Block runs: `/api/block_runs` (list only, as Mage). */
export const blockRuns = defineResource('blockRuns', {
  resource: blockRunResource,
  policy: blockRunPolicy,
  presenter: blockRunPresenter,
});

/** `/api/pipeline_runs/:pipeline_run_id/block_runs`. */
export const pipelineRunBlockRuns = defineResource('pipelineRuns.blockRuns', {
  resource: runBlockRunResource,
  policy: blockRunPolicy,
  presenter: blockRunPresenter,
});
