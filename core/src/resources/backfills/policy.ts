import { payloadAttributes } from '@pipeline-api/contract';
import { each, role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';

const editor = role('editor');
const viewer = role('viewer');

/** Mage's BackfillPolicy: read viewer+, write editor+; only `name` is written on create. */
export const backfillPolicy = definePolicy({
  resource: 'backfills',
  actions: { list: viewer, detail: viewer, create: editor, update: editor, delete: editor },
  writes: {
    create: each(payloadAttributes('pipelines.backfills.create'), editor),
    update: each(payloadAttributes('backfills.update'), editor),
  },
  queries: {
    list: ['pipeline_uuid', 'include_run_count'],
    detail: ['include_run_count', 'include_preview_runs'],
    update: [],
    delete: [],
  },
});
