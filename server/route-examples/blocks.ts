import { defineExamples, type OwnerCall } from './define.js';

/** A pipeline with one block, for each auth-matrix cell. */
async function pipelineWithBlock(owner: OwnerCall, n: number) {
  await owner('POST', '/api/pipelines', { pipeline: { name: `m${n}` } });
  await owner('POST', `/api/pipelines/m${n}/blocks`, { block: { name: `m${n}_b`, type: 'transformer' } });
  return { pipeline: `m${n}`, block: `m${n}_b` };
}

export const pipelineBlocksExamples = defineExamples('pipelines.blocks', {
  openapi: async (run) => {
    const pipeline_uuid = 'arwen_starlight';
    await run('pipelines.create', {}, { pipeline: { name: 'arwen-starlight', type: 'python', description: 'Nightly load', tags: ['nightly'] } });
    await run('pipelines.blocks.create', { pipeline_uuid }, { block: { name: 'load data', type: 'data_loader', content: 'df = load()\n' } });
    await run('pipelines.blocks.create', { pipeline_uuid }, { block: { name: 'clean', type: 'transformer', upstream_blocks: ['ghost'] } });
    await run(
      'pipelines.blocks.create',
      { pipeline_uuid },
      { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load_data'], language: 'python' } },
    );
    await run('pipelines.blocks.list', { pipeline_uuid });
    await run('pipelines.blocks.detail', { pipeline_uuid, block_uuid: 'missing' });
    await run('pipelines.blocks.detail', { pipeline_uuid, block_uuid: 'load_data' });
    await run('pipelines.blocks.update', { pipeline_uuid, block_uuid: 'load_data' }, { block: { upstream_blocks: ['clean'] } });
    await run('pipelines.blocks.update', { pipeline_uuid, block_uuid: 'clean' }, { block: { color: 'teal', priority: 0 } });
    await run('pipelines.blocks.delete', { pipeline_uuid, block_uuid: 'load_data' }, undefined, { force: 'true' });
    await run('pipelines.blocks.delete', { pipeline_uuid, block_uuid: 'missing' });
    await run('pipelines.delete', { uuid: pipeline_uuid });
  },
  authMatrix: {
    prepare: pipelineWithBlock,
    targets: {
      list: ({ pipeline }) => ({ path: `/api/pipelines/${pipeline}/blocks` }),
      create: ({ pipeline }, n) => ({ path: `/api/pipelines/${pipeline}/blocks`, body: { block: { name: `new ${n}`, type: 'transformer' } } }),
      detail: ({ pipeline, block }) => ({ path: `/api/pipelines/${pipeline}/blocks/${block}` }),
      update: ({ pipeline, block }) => ({ path: `/api/pipelines/${pipeline}/blocks/${block}`, body: { block: { color: 'teal' } } }),
      delete: ({ pipeline, block }) => ({ path: `/api/pipelines/${pipeline}/blocks/${block}` }),
    },
  },
});

export const blocksExamples = defineExamples('blocks', {
  openapi: async (run) => {
    const pipeline_uuid = 'arwen_starlight';
    await run('pipelines.create', {}, { pipeline: { name: 'arwen-starlight' } });
    await run('pipelines.blocks.create', { pipeline_uuid }, { block: { name: 'load data', type: 'data_loader', content: 'df = load()\n' } });
    await run('pipelines.blocks.create', { pipeline_uuid }, { block: { name: 'clean', type: 'transformer', upstream_blocks: ['load_data'] } });
    await run('blocks.list', {});
    await run('blocks.detail', { uuid: 'missing' });
    await run('blocks.detail', { uuid: 'load_data' });
    await run('blocks.update', { uuid: 'load_data' }, { block: { content: 'df = load(limit=10)\n' } });
    await run('blocks.delete', { uuid: 'load_data' });
    await run('blocks.update', { uuid: 'clean' }, { block: { upstream_blocks: [] } });
    await run('blocks.delete', { uuid: 'clean' }, undefined, { force: 'true' });
    await run('pipelines.delete', { uuid: pipeline_uuid });
  },
  authMatrix: {
    prepare: pipelineWithBlock,
    targets: {
      list: () => ({ path: '/api/blocks', query: { _limit: '1' } }),
      detail: ({ block }) => ({ path: `/api/blocks/${block}` }),
      update: ({ block }) => ({ path: `/api/blocks/${block}`, body: { block: { color: 'teal' } } }),
      delete: ({ block }) => ({ path: `/api/blocks/${block}` }),
    },
  },
});
