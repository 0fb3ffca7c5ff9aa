export * from './errors.js';
export * from './annotate.js';
export * from './english.js';
export * from './envelope.js';
export * from './meta.js';
export * from './primitives.js';
export * from './route-meta.js';
export * from './router.js';
export * from './walk.js';
export * from './attributes.js';
export * from './mage-versions.js';
export {
  isAppRoute,
  type AppRoute,
  type AppRouter,
  type AppRouteQuery,
  type AppRouteMutation,
  type AppRouteDeleteNoBody,
  type RouterOptions,
  type RouteSchema,
} from './dsl.js';
export type * from './route-types.js';
export * from './schemas/blocks.js';
export * from './schemas/block-runs.js';
export * from './schemas/logs.js';
export * from './schemas/pipeline-runs.js';
export * from './schemas/pipeline-schedules.js';
export * from './schemas/pipelines.js';
export * from './schemas/sessions.js';
export * from './schemas/users.js';
export * from './schemas/backfills.js';
export * from './schemas/pipeline-variables.js';
export * from './schemas/pipeline-triggers.js';
export * from './schemas/monitor-stats.js';
export { Status } from './routes/statuses.js';
export { GIT_BRANCH_NAME_MAX } from './routes/git-branches.js';
export * from './schemas/client-pages.js';
export * from './schemas/git-branches.js';
export * from './schemas/oauths.js';
export * from './schemas/projects.js';
export * from './schemas/tags.js';
export * from './schemas/files.js';
export * from './schemas/file-contents.js';
export * from './schemas/block-templates.js';
export * from './schemas/data-providers.js';
export * from './schemas/autocomplete-items.js';
export * from './schemas/kernels.js';
export * from './schemas/global-data-products.js';
