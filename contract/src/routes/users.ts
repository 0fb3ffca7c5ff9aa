import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { numericId } from '../primitives.js';
import { User, UserCreate, UserUpdate } from '../schemas/users.js';
import { routeMeta } from '../route-meta.js';

const c = initContract();
const tag = 'users';
const UserEnvelope = memberEnvelope('user', User);
const UserPath = z.object({ id: numericId });

export const users = c.router({
  list: {
    method: 'GET',
    path: '/api/users',
    query: listQuery,
    responses: responses(listEnvelope('users', User)),
    metadata: routeMeta({ tag, resource: 'users', action: 'list' }),
  },
  create: {
    method: 'POST',
    path: '/api/users',
    query: memberQuery,
    body: z.object({ user: UserCreate, api_key: z.optional(z.string()) }),
    responses: responses(UserEnvelope),
    metadata: routeMeta({ tag, resource: 'users', action: 'create' }),
  },
  detail: {
    method: 'GET',
    path: '/api/users/:id',
    pathParams: UserPath,
    query: memberQuery,
    responses: responses(UserEnvelope),
    metadata: routeMeta({ tag, resource: 'users', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/users/:id',
    pathParams: UserPath,
    query: memberQuery,
    body: z.object({ user: UserUpdate, api_key: z.optional(z.string()) }),
    responses: responses(UserEnvelope),
    metadata: routeMeta({ tag, resource: 'users', action: 'update' }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/users/:id',
    pathParams: UserPath,
    query: memberQuery,
    responses: responses(UserEnvelope),
    metadata: routeMeta({ tag, resource: 'users', action: 'delete' }),
  },
});
