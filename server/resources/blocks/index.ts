import type { ResourceModule } from '../../core/resource.js';
import { pipelineBlockPolicy, sharedBlockPolicy } from './policy.js';
import { pipelineBlockPresenter, sharedBlockPresenter } from './presenter.js';
import { pipelineBlockResource, sharedBlockResource } from './resource.js';

/** `/api/pipelines/:pipeline_uuid/blocks`: registered as the `pipelines/blocks` view. */
export const pipelineBlocks: ResourceModule = {
  name: 'blocks',
  singular: 'block',
  resource: pipelineBlockResource,
  policy: pipelineBlockPolicy,
  presenter: pipelineBlockPresenter,
};

/** `/api/blocks`. */
export const blocks: ResourceModule = {
  name: 'blocks',
  singular: 'block',
  resource: sharedBlockResource,
  policy: sharedBlockPolicy,
  presenter: sharedBlockPresenter,
};
