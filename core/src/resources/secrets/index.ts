import { defineResource } from '../../resource.js';
import { secretPolicy } from './policy.js';
import { secretPresenter } from './presenter.js';
import { secretResource } from './resource.js';
import { secretsTable } from './table.js';

/** `/api/secrets[/:name]`: write-only values, sealed with a key kept apart from the records. */
export const secrets = defineResource('secrets', {
  tables: [secretsTable],
  resource: secretResource,
  policy: secretPolicy,
  presenter: secretPresenter,
});
