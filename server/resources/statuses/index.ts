import type { ResourceModule } from '../../core/resource.js';
import { statusPolicy } from './policy.js';
import { statusPresenter } from './presenter.js';
import { statusResource } from './resource.js';

export const statuses: ResourceModule = {
  name: 'statuses',
  singular: 'status',
  resource: statusResource,
  policy: statusPolicy,
  presenter: statusPresenter,
};
