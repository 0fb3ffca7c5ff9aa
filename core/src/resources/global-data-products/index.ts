import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource, type Resource } from '../../resource.js';

/** A global data product as Mage keeps it; the kit has no way to make one, so none is ever answered. */
interface GlobalDataProduct {
  uuid: string;
}

const globalDataProductResource: Resource<NodeAt<'globalDataProducts'>, GlobalDataProduct> = {
  // Mage lists the products of the project's global_data_products.yaml; a new project, as the kit's, has none.
  collection: () => ({ records: [], count: 0 }),
};

/** `GET /api/global_data_products`: the editor's "global data product" block menu reads it; viewers and up. */
export const globalDataProducts = defineResource('globalDataProducts', {
  resource: globalDataProductResource,
  policy: definePolicy({ resource: 'global_data_products', actions: { list: role('viewer') }, queries: { list: ['repo_path', 'current_project'] } }),
  presenter: definePresenter<GlobalDataProduct, undefined, NodeItemOf<NodeAt<'globalDataProducts'>>>({
    attributes: {
      uuid: (p) => p.uuid,
      object_type: () => null,
      object_uuid: () => null,
      outdated_after: () => null,
      outdated_starting_at: () => null,
      settings: () => null,
      project: () => null,
      repo_path: () => null,
    },
    formats: { default: ['uuid', 'object_type', 'object_uuid', 'outdated_after', 'outdated_starting_at', 'settings', 'project', 'repo_path'] },
  }),
});
