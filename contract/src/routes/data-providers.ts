import { initContract } from '../dsl.js';
import { listEnvelope, responses } from '../envelope.js';
import { listQuery } from '../meta.js';
import { EDITOR_TAG } from '../editor-params.js';
import { routeMeta } from '../route-meta.js';
import { DataProvider } from '../schemas/data-providers.js';

const c = initContract();

/** `GET /api/data_providers`: the databases a SQL block may use. */
export const dataProviders = c.router({
  list: {
    method: 'GET',
    path: '/api/data_providers',
    query: listQuery,
    responses: responses(listEnvelope('data_providers', DataProvider)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'data_providers', action: 'list' }),
  },
});
