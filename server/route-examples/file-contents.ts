import { defineExamples } from './define.js';

const block = {
  name: 'load orders',
  type: 'data_loader',
  content: 'import pandas as pd\n\n\n@data_loader\ndef load_data(*args, **kwargs):\n    return pd.DataFrame({"id": [1, 2]})\n',
};

/** The block's file: the path param as the core reads it (decoded; a client sends it as one URL-encoded segment). */
const FILE = 'default_repo/data_loaders/example_loader.py';

export const fileContentsExamples = defineExamples('fileContents', {
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
