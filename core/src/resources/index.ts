import type { ResourceRegistry } from '../resource.js';
import { apiTrigger, apiTriggerWithToken } from './api_triggers/index.js';
import { blockRuns, pipelineRunBlockRuns } from './block_runs/index.js';
import { blocks, pipelineBlocks } from './blocks/index.js';
import { pipelineLogs } from './logs/index.js';
import { pipelineRuns, schedulePipelineRuns } from './pipeline_runs/index.js';
import { pipelinePipelineSchedules, pipelineSchedules } from './triggers/index.js';
import { pipelines } from './pipelines/index.js';
import { sessions } from './sessions/index.js';
import { statuses } from './statuses/index.js';
import { users } from './users/index.js';
import { runBlocks } from './run_blocks/index.js';

/** The module of every contract node, keyed by the node: one missing, or under the wrong key, does not compile. */
export const resourceModules = {
  statuses,
  sessions,
  users,
  pipelines,
  'pipelines.blocks': pipelineBlocks,
  blocks,
  'pipelines.pipelineSchedules': pipelinePipelineSchedules,
  pipelineSchedules,
  'pipelineSchedules.pipelineRuns': schedulePipelineRuns,
  'pipelineSchedules.pipelineRunsWithToken': apiTriggerWithToken,
  'pipelineSchedules.apiTrigger': apiTrigger,
  pipelineRuns,
  'pipelineRuns.blockRuns': pipelineRunBlockRuns,
  blockRuns,
  'pipelines.logs': pipelineLogs,
  'pipelineRuns.blocks': runBlocks,
} satisfies ResourceRegistry;

export type { ResourceModule } from '../resource.js';
