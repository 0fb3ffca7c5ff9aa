import { defineExamples } from './define.js';

export const gitBranchesExamples = defineExamples('gitBranches', {
  openapi: async (run) => {
    await run('gitBranches.detail', { id: 'test' }, undefined, { _format: 'with_basic_details' });
  },
  authMatrix: { targets: { detail: () => ({ path: '/api/git_branches/test', query: { _format: 'with_basic_details' } }) } },
});
