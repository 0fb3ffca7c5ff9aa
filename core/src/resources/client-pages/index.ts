import { role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';
import { defineResource } from '../../resource.js';
import { clientPagePresenter } from './presenter.js';
import { clientPageResource } from './resource.js';

/** `GET /api/client_pages[/:uuid]`: what Mage's UI may show on a page, for the caller (Mage's ClientPagePolicy: viewer+). */
export const clientPages = defineResource('clientPages', {
  resource: clientPageResource,
  // The resource refuses params it does not take, by name, for every role (Mage fails on them whoever asks).
  policy: definePolicy({ resource: 'client_pages', actions: { list: role('viewer'), detail: role('viewer') }, queries: { list: '*', detail: '*' } }),
  presenter: clientPagePresenter,
});
