/**
 * What moves triggers and runs: the scheduler, and the commands that make and change runs. Imported only through
 * lazy-orchestrator.ts, so bundlers split it into a chunk of its own that a page which never stores a trigger never
 * loads.
 */
export { createScheduler } from './scheduler.js';
export { changeRun, runNow } from './commands.js';
export { triggerRun } from './api-trigger.js';
export { applyBulkAction } from './bulk.js';
