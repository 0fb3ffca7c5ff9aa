import type { BlockTemplate, NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';
import { definePresenter, recordFields } from '../../presenter.js';
import { defineResource, paginate, type Resource } from '../../resource.js';
import { BLOCK_TEMPLATES } from './templates.js';

const ATTRIBUTES = [
  'block_type',
  'configuration',
  'defaults',
  'description',
  'groups',
  'language',
  'name',
  'path',
  'template_type',
  'template_variables',
] as const;

/**
 * `GET /api/block_templates`: Mage's templates for the editor's "add block" menus. `show_all` adds Mage's templates
 * of its v2 editor and its data integration sources, which need Mage's Python side: the kit lists the same 16 either way.
 */
const blockTemplateResource: Resource<NodeAt<'blockTemplates'>, BlockTemplate> = {
  collection: (ctx) => paginate(BLOCK_TEMPLATES, ctx),
};

export const blockTemplates = defineResource('blockTemplates', {
  resource: blockTemplateResource,
  policy: definePolicy({ resource: 'block_templates', actions: { list: role('viewer') }, queries: { list: ['show_all'] } }),
  presenter: definePresenter<BlockTemplate, undefined, NodeItemOf<NodeAt<'blockTemplates'>>>({
    attributes: recordFields(ATTRIBUTES, (t: BlockTemplate) => t),
    formats: { default: ATTRIBUTES },
  }),
});
