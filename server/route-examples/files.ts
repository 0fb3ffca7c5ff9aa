import { defineExamples } from './define.js';

const block = {
  name: 'load orders',
  type: 'data_loader',
  content: 'import pandas as pd\n\n\n@data_loader\ndef load_data(*args, **kwargs):\n    return pd.DataFrame({"id": [1, 2]})\n',
};

export const filesExamples = defineExamples('files', {
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
