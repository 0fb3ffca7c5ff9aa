import { defineExamples } from './define.js';

const block = {
  name: 'load orders',
  type: 'data_loader',
  content: 'import pandas as pd\n\n\n@data_loader\ndef load_data(*args, **kwargs):\n    return pd.DataFrame({"id": [1, 2]})\n',
};
/** The block's file: the path param as the core reads it (decoded; a client sends it as one URL-encoded segment). */
const FILE = 'default_repo/data_loaders/example_loader.py';

export const fileExamples = defineExamples('files', {
  openapi: async (run) => {
    await run('pipelines.create', {}, { pipeline: { name: 'editor example' } });
    await run('pipelines.blocks.create', { pipeline_uuid: 'editor_example' }, { block });
    await run('files.list', {}, undefined, { include_pipeline_count: 'true' });
    await run('pipelines.delete', { uuid: 'editor_example' });
  },
  authMatrix: {
    prepare: async () => ({}),
    targets: { list: () => ({ path: '/api/files' }) },
  },
});

export const fileContentExamples = defineExamples('fileContents', {
  openapi: async (run) => {
    await run('pipelines.create', {}, { pipeline: { name: 'file example' } });
    await run('pipelines.blocks.create', { pipeline_uuid: 'file_example' }, { block: { ...block, name: 'example loader' } });
    await run('fileContents.detail', { path: FILE });
    await run('fileContents.update', { path: FILE }, { file_content: { content: 'print("hello")\n' } });
    await run('fileContents.detail', { path: 'default_repo/../secrets.yaml' });
    await run('fileContents.detail', { path: 'default_repo/data_loaders/missing.py' });
    await run('pipelines.delete', { uuid: 'file_example' });
  },
  authMatrix: {
    prepare: async (owner, n) => {
      await owner('POST', '/api/pipelines', { pipeline: { name: `fc${n}` } });
      await owner('POST', `/api/pipelines/fc${n}/blocks`, { block: { name: `fc block ${n}`, type: 'transformer', content: 'x = 1\n' } });
      return { path: encodeURIComponent(`default_repo/transformers/fc_block_${n}.py`) };
    },
    targets: {
      detail: ({ path }) => ({ path: `/api/file_contents/${path}` }),
      update: ({ path }) => ({ path: `/api/file_contents/${path}`, body: { file_content: { content: 'x = 2\n' } } }),
    },
  },
});

export const blockTemplateExamples = defineExamples('blockTemplates', {
  openapi: async (run) => {
    await run('blockTemplates.list', {}, undefined, { show_all: 'false', _limit: '2' });
  },
  authMatrix: { prepare: async () => ({}), targets: { list: () => ({ path: '/api/block_templates' }) } },
});

export const dataProviderExamples = defineExamples('dataProviders', {
  openapi: async (run) => {
    await run('dataProviders.list', {}, undefined, { _limit: '2' });
  },
  authMatrix: { prepare: async () => ({}), targets: { list: () => ({ path: '/api/data_providers' }) } },
});

export const autocompleteItemExamples = defineExamples('autocompleteItems', {
  openapi: async (run) => {
    await run('pipelines.create', {}, { pipeline: { name: 'autocomplete example' } });
    await run('pipelines.blocks.create', { pipeline_uuid: 'autocomplete_example' }, { block: { ...block, name: 'suggested loader' } });
    await run('autocompleteItems.list', {});
    await run('pipelines.delete', { uuid: 'autocomplete_example' });
  },
  authMatrix: { prepare: async () => ({}), targets: { list: () => ({ path: '/api/autocomplete_items' }) } },
});

export const kernelExamples = defineExamples('kernels', {
  openapi: async (run) => {
    await run('kernels.list', {});
    await run('kernels.detail', { id: '__auto_detect' });
    await run('kernels.update', { id: 'python3' }, { kernel: { action_type: 'interrupt' } });
  },
  authMatrix: {
    prepare: async () => ({}),
    targets: {
      list: () => ({ path: '/api/kernels' }),
      detail: () => ({ path: '/api/kernels/python3' }),
      update: () => ({ path: '/api/kernels/python3', body: { kernel: { action_type: 'restart' } } }),
    },
  },
});

export const globalDataProductExamples = defineExamples('globalDataProducts', {
  openapi: async (run) => {
    await run('globalDataProducts.list', {});
  },
  authMatrix: { prepare: async () => ({}), targets: { list: () => ({ path: '/api/global_data_products' }) } },
});
