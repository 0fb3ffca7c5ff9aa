import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, responses } from '../envelope.js';
import { listQuery } from '../meta.js';
import { EDITOR_TAG, ignoredText } from '../editor-params.js';
import { queryBoolean } from '../primitives.js';
import { routeMeta } from '../route-meta.js';
import { GlobalDataProduct } from '../schemas/global-data-products.js';

const c = initContract();

/** `GET /api/global_data_products`: the project's global data products (the kit keeps none). */
export const globalDataProducts = c.router({
  list: {
    method: 'GET',
    path: '/api/global_data_products',
    query: z.extend(listQuery, { repo_path: ignoredText(), current_project: z.optional(queryBoolean) }),
    responses: responses(listEnvelope('global_data_products', GlobalDataProduct)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'global_data_products', action: 'list' }),
  },
});
