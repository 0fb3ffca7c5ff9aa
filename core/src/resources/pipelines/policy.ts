import { definePolicy } from '../../policy.js';
import { each, role } from '../../auth/rules.js';

const editor = role('editor');
const viewer = role('viewer');

/** Mage's PipelinePolicy: read viewer+, write editor+. */
export const pipelinePolicy = definePolicy({
  resource: 'pipelines',
  actions: { list: viewer, detail: viewer, create: editor, update: editor, delete: editor },
  writes: {
    create: each(['name', 'type', 'description', 'tags', 'clone_pipeline_uuid'], editor),
    update: each(
      [
        'name',
        'type',
        'description',
        'tags',
        'blocks',
        'cache_block_output_in_memory',
        'concurrency_config',
        'executor_config',
        'executor_count',
        'executor_type',
        'notification_config',
        'retry_config',
        'run_pipeline_in_one_process',
        'settings',
        'spark_config',
        'status',
        'pipeline_runs',
        'pipeline_schedule_id',
      ],
      editor,
    ),
  },
  // Mage's lists; the ones without an effect here are accepted so Mage clients keep working.
  queries: {
    list: ['search', 'type[]', 'tag[]', 'from_history_days', 'include_schedules', 'repo_path', 'status[]'],
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
