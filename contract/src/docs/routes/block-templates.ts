import { defineRouteDocs } from '../define.js';

export const blockTemplatesDocs = defineRouteDocs('blockTemplates', {
  list: {
    summary: 'List block templates',
    description: 'Mage 0.9.80’s templates for the editor’s “add block” menus (data loaders, exporters, callbacks, conditionals), in Mage’s order.',
    query: { show_all: 'Accepted: Mage adds templates of its v2 editor and data integration sources, which need its Python side; the same list is answered' },
  },
});
