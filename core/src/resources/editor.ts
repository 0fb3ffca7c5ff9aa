/** The resources Mage's pipeline editor reads beyond pipelines and blocks: one chunk, loaded when the editor opens. */
export { autocompleteItems } from './autocomplete-items/index.js';
export { blockTemplates } from './block-templates/index.js';
export { dataProviders } from './data-providers/index.js';
export { fileContents } from './file-contents/index.js';
export { files } from './files/index.js';
export { globalDataProducts } from './global-data-products/index.js';
export { kernels } from './kernels/index.js';
