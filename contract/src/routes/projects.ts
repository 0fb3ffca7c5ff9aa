import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { listEnvelope, memberEnvelope, responses } from '../envelope.js';
import { memberQuery, metaParams } from '../meta.js';
import { routeMeta } from '../route-meta.js';
import { Project, ProjectUpdate, PublicProject } from '../schemas/projects.js';

const c = initContract();
const meta = { tag: 'projects', resource: 'projects' } as const;

export const projects = c.router({
  list: {
    method: 'GET',
    path: '/api/projects',
    query: z.object({ _format: metaParams._format, _http_error_codes: metaParams._http_error_codes, api_key: metaParams.api_key }),
    // Signed in: the project; without a session (the sign-in page), its feature flags only.
    responses: responses(listEnvelope('projects', z.union([Project, PublicProject]))),
    metadata: routeMeta({ ...meta, action: 'list' }),
  },
  update: {
    method: 'PUT',
    path: '/api/projects/:name',
    pathParams: z.object({ name: z.string().check(z.maxLength(255)) }),
    query: memberQuery,
    body: z.object({ project: ProjectUpdate, api_key: z.optional(z.string()) }),
    responses: responses(memberEnvelope('project', Project)),
    metadata: routeMeta({ ...meta, action: 'update' }),
  },
});
