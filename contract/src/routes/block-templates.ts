import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, responses } from '../envelope.js';
import { listQuery } from '../meta.js';
import { EDITOR_TAG } from '../editor-params.js';
import { queryBoolean } from '../primitives.js';
import { routeMeta } from '../route-meta.js';
import { BlockTemplate } from '../schemas/block-templates.js';

const c = initContract();

/** `GET /api/block_templates`: the "add block" menus' templates. */
export const blockTemplates = c.router({
  list: {
    method: 'GET',
    path: '/api/block_templates',
    query: z.extend(listQuery, { show_all: z.optional(queryBoolean) }),
    responses: responses(listEnvelope('block_templates', BlockTemplate)),
    metadata: routeMeta({ tag: EDITOR_TAG, resource: 'block_templates', action: 'list' }),
  },
});
