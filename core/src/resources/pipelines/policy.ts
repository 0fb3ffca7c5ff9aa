import { payloadAttributes } from '@pipeline-api/contract';
import { definePolicy } from '../../policy.js';
import { each, role } from '../../auth/rules.js';

const editor = role('editor');
const viewer = role('viewer');

/** Mage's PipelinePolicy: read viewer+, write editor+ (every attribute of the payloads). */
export const pipelinePolicy = definePolicy({
  resource: 'pipelines',
  actions: { list: viewer, detail: viewer, create: editor, update: editor, delete: editor },
  writes: {
    create: each(payloadAttributes('pipelines.create'), editor),
    update: each(payloadAttributes('pipelines.update'), editor),
  },
  // Mage's lists; the ones without an effect here are accepted so Mage clients keep working.
  queries: {
    list: ['search', 'type[]', 'tag[]', 'from_history_days', 'include_schedules', 'repo_path', 'status[]', 'group_by'],
    detail: [
      'include_block_pipelines',
      'include_schedules',
      'includes_block_metadata',
      'includes_content',
      'includes_extensions',
      'includes_outputs',
      'max_results_for_block_outputs',
      'includes_outputs_spark',
    ],
    update: ['update_content'],
  },
});
