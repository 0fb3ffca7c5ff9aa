/**
 * `@pipeline-api/contract/schemas`: the zod schemas and error catalogue without the ts-rest router, so a
 * program that imports only these never loads @ts-rest/core's declarations (they fail `skipLibCheck: false`
 * with zod 4, see the README's packaging section).
 */
export * from '../errors.js';
export * from '../envelope.js';
export * from '../meta.js';
export * from '../primitives.js';
export * from '../route-meta.js';
export * from './block.js';
export * from './block-run.js';
export * from './log.js';
export * from './pipeline-run.js';
export * from './pipeline-schedule.js';
export * from './pipeline.js';
export * from './session.js';
export * from './user.js';
