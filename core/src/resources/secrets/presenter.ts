import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { definePresenter, recordFields } from '../../presenter.js';
import type { SecretRecord } from './table.js';

/** `{id, name}`: the sealed value is not an attribute, so no format can send it. */
export const secretPresenter = definePresenter<SecretRecord, undefined, NodeItemOf<NodeAt<'secrets'>>>({
  attributes: recordFields(['id', 'name'], (s: SecretRecord) => s),
  formats: { default: ['id', 'name'] },
});
