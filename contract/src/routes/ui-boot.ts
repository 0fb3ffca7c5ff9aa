/** The routes Mage's web UI reads when any page boots, besides the statuses. */
export { clientPages } from './client-pages.js';
export { gitBranches } from './git-branches.js';
export { oauths } from './oauths.js';
export { projects } from './projects.js';
export { tags } from './tags.js';
