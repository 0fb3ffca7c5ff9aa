import { defineRouteDocs } from '../define.js';

export const autocompleteItemsDocs = defineRouteDocs('autocompleteItems', {
  list: {
    summary: 'List code suggestions',
    description:
      'One item per Python data loader, transformer and data exporter file: the names it defines at its top level (functions, classes, constants) and its import lines, read from the first 64 KiB of its code. 200 files a page.',
  },
});
