import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { routeMeta } from '../route-meta.js';
import { PipelineTrigger, PipelineTriggerCreate } from '../schemas/pipeline-triggers.js';

const c = initContract();
const nested = { resource: 'pipeline_triggers', parent: 'pipelines', tag: 'triggers-in-code' } as const;
const PATH = '/api/pipelines/:pipeline_uuid/pipeline_triggers';

/** `/api/pipelines/:pipeline_uuid/pipeline_triggers`: the triggers a pipeline keeps in code (Mage's `triggers.yaml`). */
export const pipelineTriggers = c.router({
  list: {
    method: 'GET',
    path: PATH,
    query: listQuery,
    responses: responses(listEnvelope('pipeline_triggers', PipelineTrigger)),
    metadata: routeMeta({ ...nested, action: 'list' }),
  },
  create: {
    method: 'POST',
    path: PATH,
    query: memberQuery,
    body: z.object({ pipeline_trigger: PipelineTriggerCreate, api_key: z.optional(z.string()) }),
    responses: responses(memberEnvelope('pipeline_trigger', PipelineTrigger)),
    metadata: routeMeta({ ...nested, action: 'create' }),
  },
});
