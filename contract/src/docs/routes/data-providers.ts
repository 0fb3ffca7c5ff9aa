import { defineRouteDocs } from '../define.js';

export const dataProvidersDocs = defineRouteDocs('dataProviders', {
  list: {
    summary: 'List data providers',
    description: 'The databases a SQL block may connect to, as Mage 0.9.80 lists them, each with the profiles of a new project’s `io_config.yaml` (`default`).',
  },
});
