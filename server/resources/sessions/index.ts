import type { ResourceModule } from '../../core/resource.js';
import { sessionPolicy } from './policy.js';
import { sessionPresenter } from './presenter.js';
import { sessionResource } from './resource.js';

export const sessions: ResourceModule = {
  name: 'sessions',
  singular: 'session',
  resource: sessionResource,
  policy: sessionPolicy,
  presenter: sessionPresenter,
};
