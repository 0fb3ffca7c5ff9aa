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
import { clientPages, gitBranches, oauths, projects, tags } from './ui-boot.js';
import { backfills, pipelineBackfills } from './backfills/index.js';
import { blockRunOutputs } from './outputs/index.js';
import { secrets } from './secrets/index.js';
import { blockOutputDownloads } from './block_outputs/index.js';
import { pipelineVariables } from './pipeline_variables/index.js';
import { pipelineTriggers } from './pipeline_triggers/index.js';
import { monitorStats } from './monitor_stats/index.js';

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
  projects,
  oauths,
  gitBranches,
  clientPages,
  tags,
  'pipelines.backfills': pipelineBackfills,
  backfills,
  'blockRuns.outputs': blockRunOutputs,
  secrets,
  'pipelines.blockOutputs': blockOutputDownloads,
  pipelineVariables,
  pipelineTriggers,
  monitorStats,
} satisfies ResourceRegistry;

export type { ResourceModule } from '../resource.js';
