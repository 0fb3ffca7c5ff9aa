import { GIT_BRANCH_NAME_MAX, type NodeAt, type NodeItemOf } from '@pipeline-api/contract';
import { notFound } from '../../errors.js';
import { role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource, type Resource } from '../../resource.js';

/** The branch Mage reports for a project without git: no name, no files, integration not set. */
interface NoGitBranch {
  id: string;
}

const gitBranchResource: Resource<NodeAt<'gitBranches'>, NoGitBranch> = {
  // Mage ignores the id (its UI asks for `test`): the project's one working copy is answered.
  member(id) {
    if (id.length > GIT_BRANCH_NAME_MAX)
      throw notFound(`No git branch is named ${JSON.stringify(id.slice(0, 40))}… (at most ${GIT_BRANCH_NAME_MAX} characters).`);
    return { id };
  },
};

/** `GET /api/git_branches/:id`: Mage's answer with no git configured, the kit having no git (docs/compatibility.md). */
export const gitBranches = defineResource('gitBranches', {
  resource: gitBranchResource,
  // Mage's GitBranchPolicy: viewer+; a detail takes no query params.
  policy: definePolicy({ resource: 'git_branches', actions: { detail: role('viewer') }, queries: { detail: [] } }),
  presenter: definePresenter<NoGitBranch, undefined, NodeItemOf<NodeAt<'gitBranches'>>>({
    attributes: {
      files: () => ({}),
      is_git_integration_enabled: () => null,
      modified_files: () => [],
      name: () => null,
      staged_files: () => [],
      sync_config: () => ({}),
      untracked_files: () => [],
    },
    formats: { default: ['files', 'is_git_integration_enabled', 'modified_files', 'name', 'staged_files', 'sync_config', 'untracked_files'] },
  }),
});
