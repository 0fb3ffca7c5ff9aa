/** The schemas of the resources Mage's web UI reads when any page boots. */
export * from './client-page.js';
export * from './git-branch.js';
export * from './oauth.js';
export * from './project.js';
export * from './tag.js';
