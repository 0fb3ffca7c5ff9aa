import { defineRouteDocs } from '../define.js';

export const gitBranchesDocs = defineRouteDocs(
  'gitBranches',
  {
    detail: {
      summary: 'Read the current git branch',
      description: 'The kit has no git: the answer is Mage’s without git configured (no branch name, no files), whatever the id. Viewers and up.',
    },
  },
  { name: 'git_branches', description: 'Version control of the project: the kit has none, and says so as Mage does.' },
);
