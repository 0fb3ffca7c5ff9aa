/** The resources Mage's web UI reads when any page boots, besides the statuses. */
export { clientPages } from './client-pages/index.js';
export { gitBranches } from './git-branches/index.js';
export { oauths } from './oauths/index.js';
export { projects } from './projects/index.js';
export { tags } from './tags/index.js';
