import { defineRouteDocs } from '../define.js';

export const tagsDocs = defineRouteDocs(
  'tags',
  {
    list: {
      summary: 'List tags',
      description:
        'Created tags and every tag a pipeline or a trigger carries, one per name, sorted by name; created ones have an `id` and a `description`. 1000 a page unless `_limit` says otherwise. Viewers and up.',
    },
    create: {
      summary: 'Create a tag',
      description: 'Editors and up. A name taken by a created tag is a 400; at most 1000 created tags.',
    },
  },
  { name: 'tags', description: 'Labels on pipelines and triggers, which Mage’s UI filters by.' },
);
