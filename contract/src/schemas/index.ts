/**
 * `@pipeline-api/contract/schemas`: the zod schemas and error catalogue without the router and its route
 * metadata, for programs that validate data and never route (a smaller module to load and to bundle).
 */
export * from '../errors.js';
export * from '../annotate.js';
export * from '../english.js';
export * from '../envelope.js';
export * from '../meta.js';
export * from '../primitives.js';
export * from '../route-meta.js';
export * from './blocks.js';
export * from './block-runs.js';
export * from './logs.js';
export * from './pipeline-runs.js';
export * from './pipeline-schedules.js';
export * from './pipelines.js';
export * from './sessions.js';
export * from './users.js';
export * from './client-pages.js';
export * from './git-branches.js';
export * from './oauths.js';
export * from './projects.js';
export * from './tags.js';
export * from './backfills.js';
export * from './outputs.js';
export * from './secrets.js';
export * from './pipeline-variables.js';
export * from './pipeline-triggers.js';
export * from './monitor-stats.js';
export * from './files.js';
export * from './file-contents.js';
export * from './block-templates.js';
export * from './data-providers.js';
export * from './autocomplete-items.js';
export * from './kernels.js';
export * from './global-data-products.js';
