import { defineExamples } from './define.js';

const block = {
  name: 'load orders',
  type: 'data_loader',
  content: 'import pandas as pd\n\n\n@data_loader\ndef load_data(*args, **kwargs):\n    return pd.DataFrame({"id": [1, 2]})\n',
};

export const autocompleteItemsExamples = defineExamples('autocompleteItems', {
  openapi: async (run) => {
    await run('pipelines.create', {}, { pipeline: { name: 'autocomplete example' } });
    await run('pipelines.blocks.create', { pipeline_uuid: 'autocomplete_example' }, { block: { ...block, name: 'suggested loader' } });
    await run('autocompleteItems.list', {});
    await run('pipelines.delete', { uuid: 'autocomplete_example' });
  },
  authMatrix: { prepare: async () => ({}), targets: { list: () => ({ path: '/api/autocomplete_items' }) } },
});
