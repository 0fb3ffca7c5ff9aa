import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { listQuery, memberQuery } from '../meta.js';
import { routeMeta } from '../route-meta.js';
import { PipelineVariable, PipelineVariableUpdate, PipelineVariableWrite } from '../schemas/pipeline-variables.js';

const c = initContract();
const nested = { resource: 'variables', parent: 'pipelines', tag: 'variables' } as const;
const VariableEnvelope = memberEnvelope('variable', PipelineVariable);
const PATH = '/api/pipelines/:pipeline_uuid/variables';

/** `/api/pipelines/:pipeline_uuid/variables`: a pipeline's global variables (Mage's VariableResource). */
export const pipelineVariables = c.router({
  list: {
    method: 'GET',
    path: PATH,
    // Mage's UI sends `global_only=true` on the triggers page and nothing on a trigger's page: both get the globals.
    query: z.extend(listQuery, { global_only: z.optional(z.string()) }),
    responses: responses(listEnvelope('variables', PipelineVariable)),
    metadata: routeMeta({ ...nested, action: 'list' }),
  },
  create: {
    method: 'POST',
    path: PATH,
    query: memberQuery,
    body: z.object({ variable: PipelineVariableWrite, api_key: z.optional(z.string()) }),
    responses: responses(VariableEnvelope),
    metadata: routeMeta({ ...nested, action: 'create' }),
  },
  update: {
    method: 'PUT',
    path: `${PATH}/:name`,
    query: memberQuery,
    body: z.object({ variable: PipelineVariableUpdate, api_key: z.optional(z.string()) }),
    responses: responses(VariableEnvelope),
    metadata: routeMeta({ ...nested, action: 'update' }),
  },
  delete: {
    method: 'DELETE',
    path: `${PATH}/:name`,
    query: memberQuery,
    responses: responses(VariableEnvelope),
    metadata: routeMeta({ ...nested, action: 'delete' }),
  },
});
