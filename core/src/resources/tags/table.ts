import { defineTable } from '../../repository/table.js';

/** A created tag (Mage's `tag` table); tags that pipelines and triggers carry are not rows. */
export interface TagRecord {
  id: number;
  name: string;
  description: string | null;
  created_at: number;
}

/** Created tags at most: a tag is a label, and the UI's filter lists them all. */
export const MAX_CREATED_TAGS = 1000;

export const tagsTable = defineTable({
  name: 'tags',
  key: (tag: TagRecord) => tag.id,
  extend: (_rows, repo) => ({ lookups: { nextId: repo.openCounter('tags') } }),
});
