import { definePolicy } from '../../policy.js';
import { role } from '../../auth/rules.js';
import { defineResource } from '../../resource.js';
import { pipelineBlockPresenter } from '../../views/pipeline-blocks.js';
import { runBlockResource } from './resource.js';

/** Mage's BlockPolicy for a list: viewer+; the run page sends `block_uuid[]`. */
const runBlockPolicy = definePolicy({
  resource: 'blocks',
  actions: { list: role('viewer') },
  queries: { list: ['block_uuid[]'] },
});

/** `/api/pipeline_runs/:pipeline_run_id/blocks`: the blocks a run ran. */
export const runBlocks = defineResource('pipelineRuns.blocks', {
  resource: runBlockResource,
  policy: runBlockPolicy,
  presenter: pipelineBlockPresenter,
});
