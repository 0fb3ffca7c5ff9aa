import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { listEnvelope, responses } from '../envelope.js';
import { metaParams } from '../meta.js';
import { resourceTag, routeMeta } from '../route-meta.js';

const c = initContract();
const tag = resourceTag({
  name: 'health',
  description: 'Is the server up? The one route that needs no credentials.',
});

export const Status = withMeta(
  z.object({
    status: z.literal('ok'),
    version: z.string(),
    require_user_authentication: z.boolean(),
  }),
  { id: 'Status' },
);

export const statuses = c.router({
  list: {
    method: 'GET',
    path: '/api/status',
    query: z.object({ _http_error_codes: metaParams._http_error_codes }),
    responses: responses(listEnvelope('statuses', Status)),
    summary: 'Health check',
    description: 'Needs no credentials.',
    metadata: routeMeta({ tag, resource: 'statuses', action: 'list', public: true }),
  },
});
