/** The resources Mage's pipeline editor reads beyond pipelines and blocks: one chunk, loaded when the editor opens. */
export { autocompleteItems } from './autocomplete_items/index.js';
export { blockTemplates } from './block_templates/index.js';
export { dataProviders } from './data_providers/index.js';
export { fileContents } from './file_contents/index.js';
export { files } from './files/index.js';
export { globalDataProducts } from './global_data_products/index.js';
export { kernels } from './kernels/index.js';
