import type { ResourceModule } from '../../core/resource.js';
import { blockRunPolicy } from './policy.js';
import { blockRunPresenter } from './presenter.js';
import { blockRunResource, type BlockRunRow } from './resource.js';

/** Block runs: `/api/block_runs` and, nested, `/api/pipeline_runs/:pipeline_run_id/block_runs` (list only). */
export const blockRuns: ResourceModule<BlockRunRow> = {
  name: 'block_runs',
  singular: 'block_run',
  defaultLimit: 40,
  resource: blockRunResource,
  policy: blockRunPolicy,
  presenter: blockRunPresenter,
};
