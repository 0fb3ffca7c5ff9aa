import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { memberEnvelope, responses } from '../envelope.js';
import { memberQuery } from '../meta.js';
import { Session, SessionCreate } from '../schemas/session.js';
import { resourceTag, routeMeta } from '../route-meta.js';

const c = initContract();
const tag = resourceTag({
  name: 'sessions',
  description: 'Log in for a token; log out to expire it.',
});
const SessionEnvelope = memberEnvelope('session', Session);

export const sessions = c.router({
  login: {
    method: 'POST',
    path: '/api/sessions',
    query: memberQuery,
    body: z.object({ session: SessionCreate, api_key: z.optional(z.string()) }),
    responses: responses(SessionEnvelope),
    summary: 'Log in',
    description: 'Exchanges an email (or username) and password for a session. `token` is the raw token (a JWT); its `token` claim is the decoded token.',
    metadata: routeMeta({ tag, resource: 'sessions', action: 'create', session: 'login' }),
  },
  logout: {
    method: 'PUT',
    path: '/api/sessions/:id',
    query: memberQuery,
    body: z.optional(z.object({ api_key: z.optional(z.string()) })),
    responses: responses(SessionEnvelope),
    summary: 'Log out',
    description: 'Expires the token the call is made with. Any `:id` works (Mage sends `1`).',
    metadata: routeMeta({ tag, resource: 'sessions', action: 'update', session: 'logout', pathDefaults: { id: '1' } }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/sessions/:id',
    query: memberQuery,
    responses: responses(SessionEnvelope),
    summary: 'Log out (DELETE form)',
    description: 'Same as PUT: expires the token the call is made with.',
    metadata: routeMeta({ tag, resource: 'sessions', action: 'delete', session: 'logout', pathDefaults: { id: '1' } }),
  },
});
