import { Tag, TagCreate } from '@pipeline-api/contract';
import { defineFixtures, itemOf } from '../../fixture-declaration.js';

/** Created tags: a name, and maybe a description (tags that pipelines and triggers carry need no fixture). */
export const tagFixtures = defineFixtures({
  key: 'tags',
  schema: TagCreate,
  description: 'Tags to create, as the default owner (besides those pipelines and triggers carry)',
  seed: async (call, tag) => Tag.parse(itemOf(await call('tags.create', {}, { tag }), 'tag')),
});
