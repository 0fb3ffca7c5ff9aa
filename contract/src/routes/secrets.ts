import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { Secret, SecretCreate } from '../schemas/secrets.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const tag = 'secrets';
const SecretEnvelope = memberEnvelope('secret', Secret);

/** `/api/secrets[/:name]`: write-only values (Mage's SecretResource). */
export const secrets = c.router({
  list: {
    method: 'GET',
    path: '/api/secrets',
    query: z.extend(listQuery, { entity: z.optional(z.string()), pipeline_uuid: z.optional(z.string()) }),
    responses: responses(listEnvelope('secrets', Secret)),
    metadata: routeMeta({ tag, resource: 'secrets', action: 'list' }),
  },
  create: {
    method: 'POST',
    path: '/api/secrets',
    query: memberQuery,
    body: z.object({ secret: SecretCreate, api_key: z.optional(z.string()) }),
    responses: responses(SecretEnvelope),
    metadata: routeMeta({ tag, resource: 'secrets', action: 'create' }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/secrets/:name',
    query: memberQuery,
    responses: responses(SecretEnvelope),
    metadata: routeMeta({ tag, resource: 'secrets', action: 'delete' }),
  },
});
