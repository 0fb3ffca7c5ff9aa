import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { memberQuery, pagedListQuery } from '../meta.js';
import { routeMeta } from '../route-meta.js';
import { Tag, TagCreate } from '../schemas/tags.js';

const c = initContract();
const meta = { tag: 'tags', resource: 'tags' } as const;

/** Mage answers every tag at once (its UI's filter lists them all): one page holds up to 1000. */
export const TAG_PAGE_LIMITS = { defaultLimit: 1000, maxLimit: 1000 };

export const tags = c.router({
  list: {
    method: 'GET',
    path: '/api/tags',
    query: pagedListQuery(TAG_PAGE_LIMITS),
    responses: responses(listEnvelope('tags', Tag)),
    metadata: routeMeta({ ...meta, action: 'list' }),
  },
  create: {
    method: 'POST',
    path: '/api/tags',
    query: memberQuery,
    body: z.object({ tag: TagCreate, api_key: z.optional(z.string()) }),
    responses: responses(memberEnvelope('tag', Tag)),
    metadata: routeMeta({ ...meta, action: 'create' }),
  },
});
