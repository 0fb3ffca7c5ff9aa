import { payloadAttributes } from '@pipeline-api/contract';
import { without } from '../../model/patch.js';
import { definePolicy } from '../../policy.js';
import { each, role } from '../../auth/rules.js';

const editor = role('editor');
const viewer = role('viewer');
const owner = role('owner');
const FILTERS = ['schedule_type[]', 'schedule_interval[]', 'status[]', 'tag[]', 'order_by', 'global_data_product_uuid'];

/** Mage's PipelineSchedulePolicy: read viewer+, write editor+; a token of one's own and rotate_token are owners';
 * every other attribute of the payloads is writable. */
export const schedulePolicy = definePolicy({
  resource: 'pipeline_schedules',
  actions: { list: viewer, detail: viewer, create: editor, update: editor, delete: editor },
  writes: {
    create: { ...each(without(payloadAttributes('pipelines.pipelineSchedules.create'), 'token'), editor), token: owner },
    update: { ...each(without(payloadAttributes('pipelineSchedules.update'), 'rotate_token'), editor), rotate_token: owner },
  },
  queries: { list: FILTERS, detail: ['global_data_product_uuid'], update: [], delete: [] },
});
