import type { NodeAt } from '@pipeline-api/contract';
import { badRequest, notFound } from '../../errors.js';
import type { Resource } from '../../resource.js';
import { CLIENT_PAGES, type PageDefinition } from './pages.js';

/** Query params a page takes besides the meta params: Mage loads each `<resource>[]` param's records for the page. */
const PAGE_PARAMS: ReadonlySet<string> = new Set(['pipelines[]']);

/**
 * Mage imports a loader named after each other param, and fails on a name it has none for; the kit refuses the
 * param by name, and `pipeline_schedules[]` too (the fields of a trigger's form are not described here).
 */
function refuseUnknownParams(query: Record<string, unknown>): void {
  for (const key of Object.keys(query)) {
    if (key.startsWith('_') || key === 'api_key' || PAGE_PARAMS.has(key)) continue;
    throw badRequest(`Query parameter ${key} is not taken by client pages: pipelines[] only.`, [{ path: key, message: 'not taken by client pages' }]);
  }
}

export const clientPageResource: Resource<NodeAt<'clientPages'>, PageDefinition> = {
  collection({ request }) {
    refuseUnknownParams(request.query);
    const pages = [...CLIENT_PAGES.values()];
    return { records: pages, count: pages.length };
  },
  member(uuid, { request }) {
    refuseUnknownParams(request.query);
    const found = CLIENT_PAGES.get(uuid);
    if (!found) throw notFound(`Client page ${uuid} does not exist: ${[...CLIENT_PAGES.keys()].join(', ')}.`);
    return found;
  },
};
