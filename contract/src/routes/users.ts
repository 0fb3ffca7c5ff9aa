import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { numericId } from '../primitives.js';
import { User, UserCreate, UserUpdate } from '../schemas/user.js';
import { resourceTag, routeMeta } from '../route-meta.js';

const c = initContract();
const tag = resourceTag({
  name: 'users',
  description: 'Accounts and their roles (owner, admin, editor, viewer).',
});
const UserEnvelope = memberEnvelope('user', User);
const UserPath = z.object({ id: numericId });

export const users = c.router({
  list: {
    method: 'GET',
    path: '/api/users',
    query: listQuery,
    responses: responses(listEnvelope('users', User)),
    summary: 'List users',
    description: 'Admins and owners only; admins see users who are neither owners nor admins. `_limit` defaults to 40.',
    metadata: routeMeta({ tag, resource: 'users', action: 'list' }),
  },
  create: {
    method: 'POST',
    path: '/api/users',
    query: memberQuery,
    body: z.object({ user: UserCreate, api_key: z.optional(z.string()) }),
    responses: responses(UserEnvelope),
    summary: 'Create a user',
    description: 'Owners only. The response carries a raw `token` for the new user.',
    metadata: routeMeta({ tag, resource: 'users', action: 'create' }),
  },
  detail: {
    method: 'GET',
    path: '/api/users/:id',
    pathParams: UserPath,
    query: memberQuery,
    responses: responses(UserEnvelope),
    summary: 'Read a user',
    description: 'Yourself, or any user as admin or owner.',
    metadata: routeMeta({ tag, resource: 'users', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/users/:id',
    pathParams: UserPath,
    query: memberQuery,
    body: z.object({ user: UserUpdate, api_key: z.optional(z.string()) }),
    responses: responses(UserEnvelope),
    summary: 'Update a user',
    description: 'Yourself, or others as admin or owner. Roles are writable by admins and owners only.',
    metadata: routeMeta({ tag, resource: 'users', action: 'update' }),
  },
  delete: {
    method: 'DELETE',
    path: '/api/users/:id',
    pathParams: UserPath,
    query: memberQuery,
    responses: responses(UserEnvelope),
    summary: 'Delete a user',
    description: 'Owners only. Returns the deleted user; their tokens stop working.',
    metadata: routeMeta({ tag, resource: 'users', action: 'delete' }),
  },
});
