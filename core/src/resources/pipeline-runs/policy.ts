import { definePolicy } from '../../policy.js';
import { each, role } from '../../auth/rules.js';

const editor = role('editor');
const viewer = role('viewer');

/** Mage's PipelineRunPolicy: read viewer+, write editor+. */
export const runPolicy = definePolicy({
  resource: 'pipeline_runs',
  actions: { list: viewer, detail: viewer, create: editor, update: editor, delete: editor },
  writes: {
    create: each(['variables', 'event_variables', 'execution_date'], editor),
    update: each(['status', 'pipeline_run_action', 'from_block_uuid'], editor),
  },
  queries: {
    list: [
      'pipeline_uuid',
      'pipeline_uuid[]',
      'status',
      'status[]',
      'disable_retries_grouping',
      'include_pipeline_type',
      'include_pipeline_tags',
      'include_pipeline_uuids',
      'pipeline_type',
      'pipeline_tag[]',
      'start_timestamp',
      'end_timestamp',
      'order_by[]',
      'backfill_id',
    ],
    detail: [],
    update: [],
    delete: [],
  },
});
