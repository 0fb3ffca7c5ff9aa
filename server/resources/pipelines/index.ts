import type { ResourceModule } from '../../core/resource.js';
import type { PipelineRecord } from '../../core/repository/types.js';
import { pipelinePolicy } from './policy.js';
import { pipelinePresenter } from './presenter.js';
import { pipelineResource } from './resource.js';

export const pipelines: ResourceModule<PipelineRecord> = {
  name: 'pipelines',
  singular: 'pipeline',
  resource: pipelineResource,
  policy: pipelinePolicy,
  presenter: pipelinePresenter,
  listMetadata: (page) => ({ results: page.records.length }),
};
