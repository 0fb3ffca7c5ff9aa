import { payloadAttributes, type NodeAt, type NodeItemOf } from '@pipeline-api/contract';
import { each, role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';
import { definePresenter, recordFields } from '../../presenter.js';
import { defineResource } from '../../resource.js';
import { tagResource, type TagView } from './resource.js';
import { tagsTable } from './table.js';

const editor = role('editor');

/** `GET|POST /api/tags`: created tags and those pipelines and triggers carry (Mage's TagPolicy: read viewer+, create editor+). */
export const tags = defineResource('tags', {
  tables: [tagsTable],
  resource: tagResource,
  policy: definePolicy({
    resource: 'tags',
    actions: { list: role('viewer'), create: editor },
    writes: { create: each(payloadAttributes('tags.create'), editor) },
    queries: { list: [], create: [] },
  }),
  presenter: definePresenter<TagView, undefined, NodeItemOf<NodeAt<'tags'>>>({
    attributes: { ...recordFields(['description', 'id', 'name'], (t: TagView) => t), uuid: (t) => t.name },
    formats: { default: ['description', 'id', 'name', 'uuid'] },
  }),
});
