import { defineResource } from '../../resource.js';
import { statusPolicy } from './policy.js';
import { statusPresenter } from './presenter.js';
import { statusResource } from './resource.js';

/** `GET /api/status`: the health check. */
export const statuses = defineResource('statuses', {
  resource: statusResource,
  policy: statusPolicy,
  presenter: statusPresenter,
});
