import { defineRouteDocs } from '../define.js';

export const statusDocs = defineRouteDocs(
  'statuses',
  {
    list: {
      summary: 'Health check',
      description: 'Needs no credentials.',
    },
  },
  { name: 'health', description: 'Is the server up? The one route that needs no credentials.' },
);
