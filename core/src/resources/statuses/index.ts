import { defineResource } from '../../resource.js';
import { statusPolicy } from './policy.js';
import { statusPresenter } from './presenter.js';
import { statusResource } from './resource.js';

/** `GET /api/status` and `GET /api/statuses` (Mage routes `status(?:es)?`): the health check, and what Mage's UI reads at boot. */
export const statuses = defineResource('statuses', {
  resource: statusResource,
  policy: statusPolicy,
  presenter: statusPresenter,
});
