import { lazyResource, resourceChunk } from '../lazy-resource.js';
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

/** Chunks of resources loaded on first use (docs/contributing.md, "Code loaded on first use"). */
const uiBoot = resourceChunk(() => import('./ui-boot.js'));
const backfillsChunk = resourceChunk(() => import('./backfills/index.js'));
const outputsChunk = resourceChunk(() => import('./outputs/index.js'));
const blockOutputsChunk = resourceChunk(() => import('./block_outputs/index.js'));
const secretsChunk = resourceChunk(() => import('./secrets/index.js'));
const variablesChunk = resourceChunk(() => import('./pipeline_variables/index.js'));
const triggersInCodeChunk = resourceChunk(() => import('./pipeline_triggers/index.js'));
const monitorStatsChunk = resourceChunk(() => import('./monitor_stats/index.js'));
const editorChunk = resourceChunk(() => import('./editor.js'));

/**
 * The module of every contract node, keyed by the node: one missing, or under the wrong key, does not compile. The
 * resources a dashboard reads at once are in the page at boot; the others are lazy entries, loaded on first use.
 */
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
  projects: lazyResource('projects', uiBoot, (m) => m.projects),
  oauths: lazyResource('oauths', uiBoot, (m) => m.oauths),
  gitBranches: lazyResource('gitBranches', uiBoot, (m) => m.gitBranches),
  clientPages: lazyResource('clientPages', uiBoot, (m) => m.clientPages),
  tags: lazyResource('tags', uiBoot, (m) => m.tags),
  'pipelines.backfills': lazyResource('pipelines.backfills', backfillsChunk, (m) => m.pipelineBackfills),
  backfills: lazyResource('backfills', backfillsChunk, (m) => m.backfills),
  'blockRuns.outputs': lazyResource('blockRuns.outputs', outputsChunk, (m) => m.blockRunOutputs),
  'pipelines.blockOutputs': lazyResource('pipelines.blockOutputs', blockOutputsChunk, (m) => m.blockOutputDownloads),
  secrets: lazyResource('secrets', secretsChunk, (m) => m.secrets),
  pipelineVariables: lazyResource('pipelineVariables', variablesChunk, (m) => m.pipelineVariables),
  pipelineTriggers: lazyResource('pipelineTriggers', triggersInCodeChunk, (m) => m.pipelineTriggers),
  monitorStats: lazyResource('monitorStats', monitorStatsChunk, (m) => m.monitorStats),
  'pipelineRuns.blocks': runBlocks,
  files: lazyResource('files', editorChunk, (m) => m.files),
  fileContents: lazyResource('fileContents', editorChunk, (m) => m.fileContents),
  blockTemplates: lazyResource('blockTemplates', editorChunk, (m) => m.blockTemplates),
  dataProviders: lazyResource('dataProviders', editorChunk, (m) => m.dataProviders),
  autocompleteItems: lazyResource('autocompleteItems', editorChunk, (m) => m.autocompleteItems),
  kernels: lazyResource('kernels', editorChunk, (m) => m.kernels),
  globalDataProducts: lazyResource('globalDataProducts', editorChunk, (m) => m.globalDataProducts),
} satisfies ResourceRegistry;

export type { ResourceModule } from '../resource.js';
