import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { memberEnvelope, responses } from '../envelope.js';
import { memberQuery } from '../meta.js';
import { Session, SessionCreate } from '../schemas/sessions.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const tag = 'sessions';
const SessionEnvelope = memberEnvelope('session', Session);

export const sessions = c.router({
  login: {
    method: 'POST',
    path: '/api/sessions',
    query: memberQuery,
    body: z.object({ session: SessionCreate, api_key: z.optional(z.string()) }),
    responses: responses(SessionEnvelope),
    metadata: routeMeta({ tag, resource: 'sessions', action: 'create', session: 'login' }),
  },
  logout: {
    method: 'PUT',
    path: '/api/sessions/:id',
    query: memberQuery,
    body: z.optional(z.object({ api_key: z.optional(z.string()) })),
    responses: responses(SessionEnvelope),
    metadata: routeMeta({ tag, resource: 'sessions', action: 'update', session: 'logout', pathDefaults: { id: '1' } }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/sessions/:id',
    query: memberQuery,
    responses: responses(SessionEnvelope),
    metadata: routeMeta({ tag, resource: 'sessions', action: 'delete', session: 'logout', pathDefaults: { id: '1' } }),
  },
});
