import { defineRouteDocs } from '../define.js';

/** The query both block deletes take. */
const deleteQuery = { force: 'Delete even when other blocks depend on it; they inherit its upstreams' };

export const pipelineBlocksDocs = defineRouteDocs(
  'pipelines.blocks',
  {
    list: {
      summary: "List a pipeline's blocks",
      description: 'Every member of the pipeline (up to 1000 a page), in section order (blocks, callbacks, conditionals, widgets, extensions).',
      query: {
        'block_uuid[]': 'Only these blocks',
      },
    },
    create: {
      summary: 'Create a block',
      description: 'Creates the block in this pipeline and in every pipeline named in `pipelines`, all or nothing. The uuid is the slug of `name`.',
    },
    detail: {
      summary: 'Read a block in a pipeline',
      description: 'With its priority, upstream and downstream blocks in this pipeline.',
    },
    update: {
      summary: 'Update a block in a pipeline',
      description: 'Shared settings (name, content, configuration...) and this pipeline’s priority and graph.',
    },
    delete: {
      summary: 'Remove a block from a pipeline',
      description: 'Refused when other blocks depend on it, unless `force=true`.',
      query: deleteQuery,
    },
  },
  {
    name: 'blocks',
    description:
      'Units of code or content. A block’s code and settings are shared by every pipeline it belongs to; its position and upstream blocks are per pipeline.',
  },
);

export const blocksDocs = defineRouteDocs('blocks', {
  list: {
    summary: 'List every block',
    description: 'Each block once, with the pipelines it belongs to; sorted by uuid.',
  },
  detail: {
    summary: 'Read a block',
    description: 'The shared block and the pipelines it belongs to.',
  },
  update: {
    summary: 'Update a block everywhere',
    description: 'Shared settings, seen by every pipeline the block belongs to. A new name renames it everywhere.',
  },
  delete: {
    summary: 'Delete a block from every pipeline',
    description: 'Refused when a block in any pipeline depends on it, unless `force=true`.',
    query: deleteQuery,
  },
});
