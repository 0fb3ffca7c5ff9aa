import { defineRouteDocs } from '../define.js';

export const globalDataProductsDocs = defineRouteDocs('globalDataProducts', {
  list: {
    summary: 'List global data products',
    description: 'Always empty: the kit keeps no global data products (a new Mage project has none either).',
    query: { repo_path: 'Accepted; the kit serves one project', current_project: 'Accepted; the kit serves one project' },
  },
});
