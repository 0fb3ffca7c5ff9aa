import { defineExamples } from './define.js';

export const globalDataProductsExamples = defineExamples('globalDataProducts', {
  openapi: async (run) => {
    await run('globalDataProducts.list', {});
  },
  authMatrix: { prepare: async () => ({}), targets: { list: () => ({ path: '/api/global_data_products' }) } },
});
