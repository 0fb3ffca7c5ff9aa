import type { NodeAt } from '@pipeline-api/contract';
import { invalid } from '../../errors.js';
import { pipelinesTable } from '../../model/pipelines.js';
import { schedulesTable } from '../../model/triggers.js';
import type { Repository } from '../../repository/types.js';
import type { Resource } from '../../resource.js';
import { MAX_CREATED_TAGS, tagsTable, type TagRecord } from './table.js';

/** A tag as listed: a created one, or a name some pipeline or trigger carries (no id, no description). */
export interface TagView {
  id: number | null;
  name: string;
  description: string | null;
}

/** Mage's order: created tags first, then the pipelines' tags, one per name (the first kept), sorted by name. */
function allTags(repo: Repository): TagView[] {
  const byName = new Map<string, TagView>();
  for (const tag of tagsTable.in(repo).values()) byName.set(tag.name, { id: tag.id, name: tag.name, description: tag.description });
  const carried = (name: string) => {
    if (!byName.has(name)) byName.set(name, { id: null, name, description: null });
  };
  for (const pipeline of pipelinesTable.in(repo).values()) pipeline.tags.forEach(carried);
  for (const trigger of schedulesTable.in(repo).values()) trigger.tags.forEach(carried);
  // Code-point order, as Python sorts strings.
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export const tagResource: Resource<NodeAt<'tags'>, TagView> = {
  collection({ repo, meta }) {
    const tags = allTags(repo);
    const records = meta.limit === undefined ? tags.slice(meta.offset) : tags.slice(meta.offset, meta.offset + meta.limit);
    return { records, count: tags.length };
  },
  async create({ repo, payload, clock }) {
    const tags = tagsTable.in(repo);
    const name = payload.name;
    if (tags.list().some((tag) => tag.name === name)) throw invalid('tag.name', `Tag ${name} already exists.`);
    if (tags.size() >= MAX_CREATED_TAGS) throw invalid('tag.name', `At most ${MAX_CREATED_TAGS} tags can be created.`);
    const tag: TagRecord = { id: tags.nextId(), name, description: payload.description ?? null, created_at: clock.now() };
    repo.transaction(() => tags.put(tag));
    return { id: tag.id, name: tag.name, description: tag.description };
  },
};
