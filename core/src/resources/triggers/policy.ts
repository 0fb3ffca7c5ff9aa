import { definePolicy } from '../../policy.js';
import { each, role } from '../../auth/rules.js';

const editor = role('editor');
const viewer = role('viewer');
const owner = role('owner');
const FIELDS = [
  'name',
  'description',
  'schedule_type',
  'schedule_interval',
  'start_time',
  'status',
  'variables',
  'sla',
  'settings',
  'tags',
  'event_matchers',
  'repo_path',
];
const FILTERS = ['schedule_type[]', 'schedule_interval[]', 'status[]', 'tag[]', 'order_by', 'global_data_product_uuid'];

/** Mage's PipelineSchedulePolicy: read viewer+, write editor+; a token of one's own and rotate_token are owners'. */
export const schedulePolicy = definePolicy({
  resource: 'pipeline_schedules',
  actions: { list: viewer, detail: viewer, create: editor, update: editor, delete: editor },
  writes: {
    create: { ...each(FIELDS, editor), token: owner },
    update: { ...each([...FIELDS, 'id', 'last_enabled_at'], editor), rotate_token: owner },
  },
  queries: { list: FILTERS, detail: ['global_data_product_uuid'], update: [], delete: [] },
});
