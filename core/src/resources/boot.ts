/**
 * The resources in the page at boot: what a dashboard reads as it boots (sessions, users, pipelines, blocks, triggers,
 * runs, block runs, logs, statuses). Every folder not named here loads on first use (`npm run generate` writes
 * index.ts from the folders and this file).
 */
export { apiTrigger, apiTriggerWithToken } from './api-triggers/index.js';
export { blockRuns, pipelineRunBlockRuns } from './block-runs/index.js';
export { blocks, pipelineBlocks } from './blocks/index.js';
export { pipelineLogs } from './logs/index.js';
export { pipelineRuns, schedulePipelineRuns } from './pipeline-runs/index.js';
export { pipelinePipelineSchedules, pipelineSchedules } from './pipeline-schedules/index.js';
export { pipelines } from './pipelines/index.js';
export { runBlocks } from './run-blocks/index.js';
export { sessions } from './sessions/index.js';
export { statuses } from './statuses/index.js';
export { users } from './users/index.js';
