import { definePolicy } from '../../policy.js';
import { each, role } from '../rules.js';

const SHARED = [
  'name',
  'type',
  'color',
  'config',
  'configuration',
  'content',
  'language',
  'executor_type',
  'executor_config',
  'retry_config',
  'timeout',
  'has_callback',
] as const;
const GRAPH = ['priority', 'upstream_blocks', 'downstream_blocks'] as const;
const viewer = role('viewer');
const editor = role('editor');

const actions = { list: viewer, detail: viewer, create: editor, update: editor, delete: editor };

/** Blocks in a pipeline: read viewer+, write editor+ (Mage's BlockPolicy). */
export const pipelineBlockPolicy = definePolicy({
  resource: 'blocks',
  actions,
  writes: {
    create: each([...SHARED, ...GRAPH, 'extension_uuid', 'pipelines', 'uuid'], editor),
    update: each([...SHARED, ...GRAPH], editor),
  },
  // Mage's lists (delete takes any, as Mage never checks them); most have no effect here.
  queries: {
    list: ['block_uuid[]'],
    detail: [
      'block_type',
      'data_integration_type',
      'data_integration_uuid',
      'destination_table',
      'file_path',
      'include_block_catalog',
      'include_block_metadata',
      'include_documentation',
      'state_stream',
    ],
    update: ['extension_uuid', 'block_language', 'block_type', 'include_block_catalog', 'update_state'],
    delete: '*',
  },
});

/** Blocks shared by pipelines: the same roles; the graph is per pipeline, so not writable here. */
export const sharedBlockPolicy = definePolicy({
  resource: 'blocks',
  actions: { list: viewer, detail: viewer, update: editor, delete: editor },
  writes: { update: each(SHARED, editor) },
  queries: { delete: '*' },
});
