import { definePolicy } from '../../core/policy.js';
import { each, role } from '../rules.js';

const SHARED = [
  'name', 'type', 'color', 'config', 'configuration', 'content', 'language', 'executor_type', 'executor_config',
  'retry_config', 'timeout', 'has_callback',
];
const GRAPH = ['priority', 'upstream_blocks', 'downstream_blocks'];
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
  queries: { list: ['block_uuid[]'], delete: ['force'] },
});

/** Blocks shared by pipelines: the same roles; the graph is per pipeline, so not writable here. */
export const sharedBlockPolicy = definePolicy({
  resource: 'blocks',
  actions: { list: viewer, detail: viewer, update: editor, delete: editor },
  writes: { update: each(SHARED, editor) },
  queries: { delete: ['force'] },
});
