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
export * from './schemas/block.js';
export * from './schemas/block-run.js';
export * from './schemas/log.js';
export * from './schemas/pipeline-run.js';
export * from './schemas/trigger.js';
export * from './schemas/pipeline.js';
export * from './schemas/session.js';
export * from './schemas/user.js';
export * from './schemas/backfill.js';
export * from './schemas/pipeline-variable.js';
export * from './schemas/pipeline-trigger.js';
export * from './schemas/monitor-stat.js';
export { Status } from './routes/statuses.js';
export { GIT_BRANCH_NAME_MAX } from './routes/git-branches.js';
export * from './schemas/ui-boot.js';
export * from './schemas/editor.js';
