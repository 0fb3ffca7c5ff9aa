import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { jsonObject } from '../primitives.js';

/** The project's git branch as Mage's GitBranchPresenter sends it; the kit has no git, so it is Mage's answer without one. */
export const GitBranch = withMeta(
  z.object({
    files: jsonObject,
    is_git_integration_enabled: z.nullable(z.boolean()),
    modified_files: z.array(z.string()),
    name: z.nullable(z.string()),
    staged_files: z.array(z.string()),
    sync_config: jsonObject,
    untracked_files: z.array(z.string()),
  }),
  { id: 'GitBranch' },
);
