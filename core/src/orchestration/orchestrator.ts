/**
 * What moves triggers and runs: the scheduler, the commands that make and change runs, and a trigger's create and
 * update. Imported only through lazy-orchestrator.ts, so bundlers split it into a chunk of its own that a page which
 * never stores a trigger never loads. The trigger writes are in it rather than a chunk of their own: a trigger write
 * loads the orchestrator anyway, and a second lazy chunk that shares code with the page adds a shared chunk to it.
 */
export { createScheduler } from './scheduler.js';
export { changeRun, runNow } from './commands.js';
export { triggerRun } from './api-trigger.js';
export { applyBulkAction } from './bulk.js';
export { triggerWrites } from './trigger-writes.js';
export { updateBackfill } from './backfills/commands.js';
