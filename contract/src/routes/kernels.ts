import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { EDITOR_TAG } from '../editor-params.js';
import { routeMeta } from '../route-meta.js';
import { Kernel, KernelUpdate } from '../schemas/kernels.js';

const c = initContract();

/** `GET /api/kernels[/:id]`, `PUT /api/kernels/:id`: the editor's kernel (no code runs on the kit). */
export const kernels = c.router({
  list: {
    method: 'GET',
    path: '/api/kernels',
    query: listQuery,
    responses: responses(listEnvelope('kernels', Kernel)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'kernels', action: 'list' }),
  },
  detail: {
    method: 'GET',
    path: '/api/kernels/:id',
    pathParams: z.object({ id: z.string().check(z.maxLength(255)) }),
    query: memberQuery,
    responses: responses(memberEnvelope('kernel', Kernel)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'kernels', action: 'detail' }),
  },
  update: {
    method: 'PUT',
    path: '/api/kernels/:id',
    pathParams: z.object({ id: z.string().check(z.maxLength(255)) }),
    query: memberQuery,
    body: z.object({ kernel: KernelUpdate, api_key: z.optional(z.string()) }),
    responses: responses(memberEnvelope('kernel', Kernel)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'kernels', action: 'update' }),
  },
});
