import type { ResourceModule } from '../../core/resource.js';
import { userPolicy } from './policy.js';
import { userPresenter } from './presenter.js';
import { userResource } from './resource.js';

export const users: ResourceModule = {
  name: 'users',
  singular: 'user',
  defaultLimit: 40,
  resource: userResource,
  policy: userPolicy,
  presenter: userPresenter,
};
