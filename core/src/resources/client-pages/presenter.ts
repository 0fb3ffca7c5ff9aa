import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { atLeast } from '../../auth/roles.js';
import { pipelinesTable } from '../../model/pipelines.js';
import { definePresenter, type PresentContext } from '../../presenter.js';
import type { ComponentDefinition, PageDefinition } from './pages.js';

/**
 * Mage disables the create page when the caller may not create a trigger for one of the pipelines asked about
 * (PipelineSchedulePolicy: editor+); uuids of no pipeline are left out, as Mage's loader does.
 */
function createDisabled(ctx: PresentContext<undefined>): boolean {
  const asked = ctx.op.query['pipelines[]'];
  const uuids = Array.isArray(asked) ? asked.filter((uuid): uuid is string => typeof uuid === 'string') : [];
  const pipelines = pipelinesTable.in(ctx.op.repo).getMany(uuids);
  return pipelines.size > 0 && !atLeast(ctx.op.caller.role, 'editor');
}

const component = (c: ComponentDefinition) => ({
  category: c.category,
  components: [],
  disabled: null,
  enabled: c.enabled,
  metadata: {},
  operation: c.operation,
  parent: null,
  resource: c.resource,
  uuid: c.uuid,
  version: 1,
});

const SUMMARY = ['category', 'disabled', 'enabled', 'operation', 'parent', 'resource', 'uuid', 'version'] as const;

export const clientPagePresenter = definePresenter<PageDefinition, undefined, NodeItemOf<NodeAt<'clientPages'>>>({
  attributes: {
    category: () => null,
    disabled: (p, ctx) => (p.checksCreate ? createDisabled(ctx) : null),
    enabled: () => null,
    operation: (p) => p.operation,
    parent: () => null,
    resource: (p) => p.resource,
    uuid: (p) => p.uuid,
    version: () => 1,
    components: (p) => p.components.map(component),
    metadata: () => ({}),
  },
  // Mage's ClientPagePresenter: the list without components and metadata, a page with them.
  formats: { default: SUMMARY, detail: [...SUMMARY, 'components', 'metadata'] },
});
