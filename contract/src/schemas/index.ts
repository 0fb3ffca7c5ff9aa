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
export * from './block.js';
export * from './block-run.js';
export * from './log.js';
export * from './pipeline-run.js';
export * from './trigger.js';
export * from './pipeline.js';
export * from './session.js';
export * from './user.js';
export * from './ui-boot.js';
export * from './backfill.js';
export * from './block-output.js';
export * from './secret.js';
export * from './pipeline-variable.js';
export * from './pipeline-trigger.js';
export * from './monitor-stat.js';
export * from './editor.js';
