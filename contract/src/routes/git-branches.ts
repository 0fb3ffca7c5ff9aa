import { initContract } from '../dsl.js';
import * as z from 'zod/mini';
import { memberEnvelope, responses } from '../envelope.js';
import { memberQuery } from '../meta.js';
import { routeMeta } from '../route-meta.js';
import { GitBranch } from '../schemas/git-branches.js';

/** The longest branch name a detail takes: a longer one names no branch (404). */
export const GIT_BRANCH_NAME_MAX = 255;

const c = initContract();

export const gitBranches = c.router({
  detail: {
    method: 'GET',
    path: '/api/git_branches/:id',
    pathParams: z.object({ id: z.string().check(z.maxLength(GIT_BRANCH_NAME_MAX)) }),
    query: memberQuery,
    responses: responses(memberEnvelope('git_branch', GitBranch)),
    metadata: routeMeta({ tag: 'git_branches', resource: 'git_branches', action: 'detail' }),
  },
});
