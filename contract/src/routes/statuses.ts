import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { listEnvelope, responses } from '../envelope.js';
import { metaParams } from '../meta.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const tag = 'health';

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
    metadata: routeMeta({ tag, resource: 'statuses', action: 'list', public: true }),
  },
});
