import type { ResourceModule } from '../core/resource.js';
import { apiTriggers } from './api_triggers/index.js';
import { blockRuns } from './block_runs/index.js';
import { blocks, pipelineBlocks } from './blocks/index.js';
import { logs } from './logs/index.js';
import { pipelineRuns } from './pipeline_runs/index.js';
import { pipelineSchedules } from './pipeline_schedules/index.js';
import { pipelines } from './pipelines/index.js';
import { sessions } from './sessions/index.js';
import { statuses } from './statuses/index.js';
import { users } from './users/index.js';

/** Every resource by name; a nested view registers as `<parent>/<name>`. */
export const resourceModules: Record<string, ResourceModule> = {
  statuses,
  sessions,
  users,
  pipelines,
  blocks,
  'pipelines/blocks': pipelineBlocks,
  pipeline_schedules: pipelineSchedules,
  'pipelines/pipeline_schedules': pipelineSchedules,
  pipeline_runs: pipelineRuns,
  'pipeline_schedules/pipeline_runs': pipelineRuns,
  block_runs: blockRuns,
  'pipeline_runs/block_runs': blockRuns,
  'pipelines/logs': logs,
  api_triggers: apiTriggers,
};
