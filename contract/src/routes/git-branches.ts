import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { memberEnvelope, responses } from '../envelope.js';
import { memberQuery } from '../meta.js';
import { routeMeta } from '../route-meta.js';
import { GitBranch } from '../schemas/git-branch.js';

const c = initContract();

export const gitBranches = c.router({
  detail: {
    method: 'GET',
    path: '/api/git_branches/:id',
    pathParams: z.object({ id: z.string().check(z.maxLength(255)) }),
    query: memberQuery,
    responses: responses(memberEnvelope('git_branch', GitBranch)),
    metadata: routeMeta({ tag: 'git_branches', resource: 'git_branches', action: 'detail' }),
  },
});
