import { payloadAttributes } from '@pipeline-api/contract';
import { definePolicy } from '../../policy.js';
import { each, role } from '../../auth/rules.js';

const viewer = role('viewer');
const editor = role('editor');

const actions = { list: viewer, detail: viewer, create: editor, update: editor, delete: editor };

/** Blocks in a pipeline: read viewer+, write editor+ (Mage's BlockPolicy); every attribute of the payloads is writable. */
export const pipelineBlockPolicy = definePolicy({
  resource: 'blocks',
  actions,
  writes: {
    create: each(payloadAttributes('pipelines.blocks.create'), editor),
    update: each(payloadAttributes('pipelines.blocks.update'), editor),
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
  writes: { update: each(payloadAttributes('blocks.update'), editor) },
  queries: { delete: '*' },
});
