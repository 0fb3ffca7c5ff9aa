import { defineRouteDocs } from '../define.js';

export const statusDocs = defineRouteDocs('statuses', {
  list: {
    summary: 'Health check',
    description: 'Needs no credentials.',
  },
});
