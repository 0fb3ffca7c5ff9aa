// Generated from the contract by query/scripts/generate.ts. Do not edit.
import type { Client } from '@pipeline-api/sdk';
import type { Arg, PagedRead, Read, Write } from '../core/types.js';

/** Every resource name a query key can start with. */
export type ResourceName = 'statuses' | 'sessions' | 'users' | 'pipelines' | 'blocks' | 'pipeline_schedules' | 'logs' | 'backfills' | 'block_outputs' | 'pipeline_runs' | 'api_triggers' | 'block_runs' | 'outputs' | 'projects' | 'oauths' | 'git_branches' | 'client_pages' | 'tags' | 'variables' | 'pipeline_triggers' | 'monitor_stats' | 'secrets' | 'files' | 'file_contents' | 'block_templates' | 'data_providers' | 'autocomplete_items' | 'kernels' | 'global_data_products';

export interface Queries {
  statuses: StatusesQueries;
  sessions: SessionsQueries;
  users: UsersQueries;
  pipelines: PipelinesQueries;
  blocks: BlocksQueries;
  pipelineSchedules: PipelineSchedulesQueries;
  pipelineRuns: PipelineRunsQueries;
  blockRuns: BlockRunsQueries;
  projects: ProjectsQueries;
  oauths: OauthsQueries;
  gitBranches: GitBranchesQueries;
  clientPages: ClientPagesQueries;
  tags: TagsQueries;
  pipelineVariables: PipelineVariablesQueries;
  pipelineTriggers: PipelineTriggersQueries;
  monitorStats: MonitorStatsQueries;
  backfills: BackfillsQueries;
  secrets: SecretsQueries;
  files: FilesQueries;
  fileContents: FileContentsQueries;
  blockTemplates: BlockTemplatesQueries;
  dataProviders: DataProvidersQueries;
  autocompleteItems: AutocompleteItemsQueries;
  kernels: KernelsQueries;
  globalDataProducts: GlobalDataProductsQueries;
}

export interface StatusesQueries {
  health: Read<Client['statuses']['health']>;
  list: Read<Client['statuses']['list']>;
}

export interface SessionsQueries {
  login: Write<Client['sessions']['login'], { session: Arg<Client['sessions']['login'], 0> }>;
  logout: Write<Client['sessions']['logout'], { id?: number | string; query?: Arg<Client['sessions']['logout'], 1> } | void>;
  delete: Write<Client['sessions']['delete'], { id?: number | string; query?: Arg<Client['sessions']['delete'], 1> } | void>;
}

export interface UsersQueries {
  list: PagedRead<Client['users']['list']>;
  create: Write<Client['users']['create'], { user: Arg<Client['users']['create'], 0> }>;
  detail: Read<Client['users']['detail']>;
  update: Write<Client['users']['update'], { id: number | string; user: Arg<Client['users']['update'], 1> }>;
  delete: Write<Client['users']['delete'], { id: number | string; query?: Arg<Client['users']['delete'], 1> }>;
}

export interface PipelinesQueries {
  list: PagedRead<Client['pipelines']['list']>;
  create: Write<Client['pipelines']['create'], { pipeline: Arg<Client['pipelines']['create'], 0> }>;
  detail: Read<Client['pipelines']['detail']>;
  update: Write<Client['pipelines']['update'], { uuid: string; pipeline: Arg<Client['pipelines']['update'], 1> }>;
  delete: Write<Client['pipelines']['delete'], { uuid: string; query?: Arg<Client['pipelines']['delete'], 1> }>;
  blocks: PipelinesBlocksQueries;
  pipelineSchedules: PipelinesPipelineSchedulesQueries;
  logs: PipelinesLogsQueries;
  backfills: PipelinesBackfillsQueries;
  blockOutputs: PipelinesBlockOutputsQueries;
}

export interface PipelinesBlocksQueries {
  list: PagedRead<Client['pipelines']['blocks']['list']>;
  create: Write<Client['pipelines']['blocks']['create'], { pipeline_uuid: string; block: Arg<Client['pipelines']['blocks']['create'], 1> }>;
  detail: Read<Client['pipelines']['blocks']['detail']>;
  update: Write<Client['pipelines']['blocks']['update'], { pipeline_uuid: string; block_uuid: string; block: Arg<Client['pipelines']['blocks']['update'], 2> }>;
  delete: Write<Client['pipelines']['blocks']['delete'], { pipeline_uuid: string; block_uuid: string; query?: Arg<Client['pipelines']['blocks']['delete'], 2> }>;
}

export interface PipelinesPipelineSchedulesQueries {
  list: PagedRead<Client['pipelines']['pipelineSchedules']['list']>;
  create: Write<Client['pipelines']['pipelineSchedules']['create'], { pipeline_uuid: string; pipeline_schedule: Arg<Client['pipelines']['pipelineSchedules']['create'], 1> }>;
}

export interface PipelinesLogsQueries {
  list: PagedRead<Client['pipelines']['logs']['list']>;
}

export interface PipelinesBackfillsQueries {
  list: PagedRead<Client['pipelines']['backfills']['list']>;
  create: Write<Client['pipelines']['backfills']['create'], { pipeline_uuid: string; backfill: Arg<Client['pipelines']['backfills']['create'], 1> }>;
}

export interface PipelinesBlockOutputsQueries {
  download: Read<Client['pipelines']['blockOutputs']['download']>;
}

export interface BlocksQueries {
  list: PagedRead<Client['blocks']['list']>;
  detail: Read<Client['blocks']['detail']>;
  update: Write<Client['blocks']['update'], { uuid: string; block: Arg<Client['blocks']['update'], 1> }>;
  delete: Write<Client['blocks']['delete'], { uuid: string; query?: Arg<Client['blocks']['delete'], 1> }>;
}

export interface PipelineSchedulesQueries {
  list: PagedRead<Client['pipelineSchedules']['list']>;
  detail: Read<Client['pipelineSchedules']['detail']>;
  update: Write<Client['pipelineSchedules']['update'], { id: number | string; pipeline_schedule: Arg<Client['pipelineSchedules']['update'], 1> }>;
  delete: Write<Client['pipelineSchedules']['delete'], { id: number | string; query?: Arg<Client['pipelineSchedules']['delete'], 1> }>;
  pipelineRuns: PipelineSchedulesPipelineRunsQueries;
  pipelineRunsWithToken: PipelineSchedulesPipelineRunsWithTokenQueries;
  apiTrigger: PipelineSchedulesApiTriggerQueries;
}

export interface PipelineSchedulesPipelineRunsQueries {
  list: PagedRead<Client['pipelineSchedules']['pipelineRuns']['list']>;
  create: Write<Client['pipelineSchedules']['pipelineRuns']['create'], { pipeline_schedule_id: number | string; pipeline_run: Arg<Client['pipelineSchedules']['pipelineRuns']['create'], 1> }>;
}

export interface PipelineSchedulesPipelineRunsWithTokenQueries {
  create: Write<Client['pipelineSchedules']['pipelineRunsWithToken']['create'], { pipeline_schedule_id: number | string; token: string; pipeline_run: Arg<Client['pipelineSchedules']['pipelineRunsWithToken']['create'], 2> }>;
}

export interface PipelineSchedulesApiTriggerQueries {
  create: Write<Client['pipelineSchedules']['apiTrigger']['create'], { pipeline_schedule_id: number | string; pipeline_run: Arg<Client['pipelineSchedules']['apiTrigger']['create'], 1> }>;
}

export interface PipelineRunsQueries {
  list: PagedRead<Client['pipelineRuns']['list']>;
  detail: Read<Client['pipelineRuns']['detail']>;
  update: Write<Client['pipelineRuns']['update'], { id: number | string; pipeline_run: Arg<Client['pipelineRuns']['update'], 1> }>;
  delete: Write<Client['pipelineRuns']['delete'], { id: number | string; query?: Arg<Client['pipelineRuns']['delete'], 1> }>;
  blockRuns: PipelineRunsBlockRunsQueries;
  blocks: PipelineRunsBlocksQueries;
}

export interface PipelineRunsBlockRunsQueries {
  list: PagedRead<Client['pipelineRuns']['blockRuns']['list']>;
}

export interface PipelineRunsBlocksQueries {
  list: PagedRead<Client['pipelineRuns']['blocks']['list']>;
}

export interface BlockRunsQueries {
  list: PagedRead<Client['blockRuns']['list']>;
  outputs: BlockRunsOutputsQueries;
}

export interface BlockRunsOutputsQueries {
  list: PagedRead<Client['blockRuns']['outputs']['list']>;
}

export interface ProjectsQueries {
  list: Read<Client['projects']['list']>;
  update: Write<Client['projects']['update'], { name: string; project: Arg<Client['projects']['update'], 1> }>;
}

export interface OauthsQueries {
  list: Read<Client['oauths']['list']>;
  detail: Read<Client['oauths']['detail']>;
}

export interface GitBranchesQueries {
  detail: Read<Client['gitBranches']['detail']>;
}

export interface ClientPagesQueries {
  list: Read<Client['clientPages']['list']>;
  detail: Read<Client['clientPages']['detail']>;
}

export interface TagsQueries {
  list: PagedRead<Client['tags']['list']>;
  create: Write<Client['tags']['create'], { tag: Arg<Client['tags']['create'], 0> }>;
}

export interface PipelineVariablesQueries {
  list: PagedRead<Client['pipelineVariables']['list']>;
  create: Write<Client['pipelineVariables']['create'], { pipeline_uuid: string; variable: Arg<Client['pipelineVariables']['create'], 1> }>;
  update: Write<Client['pipelineVariables']['update'], { pipeline_uuid: string; name: string; variable: Arg<Client['pipelineVariables']['update'], 2> }>;
  delete: Write<Client['pipelineVariables']['delete'], { pipeline_uuid: string; name: string; query?: Arg<Client['pipelineVariables']['delete'], 2> }>;
}

export interface PipelineTriggersQueries {
  list: PagedRead<Client['pipelineTriggers']['list']>;
  create: Write<Client['pipelineTriggers']['create'], { pipeline_uuid: string; pipeline_trigger: Arg<Client['pipelineTriggers']['create'], 1> }>;
}

export interface MonitorStatsQueries {
  detail: Read<Client['monitorStats']['detail']>;
}

export interface BackfillsQueries {
  list: PagedRead<Client['backfills']['list']>;
  detail: Read<Client['backfills']['detail']>;
  update: Write<Client['backfills']['update'], { id: number | string; backfill: Arg<Client['backfills']['update'], 1> }>;
  delete: Write<Client['backfills']['delete'], { id: number | string; query?: Arg<Client['backfills']['delete'], 1> }>;
}

export interface SecretsQueries {
  list: PagedRead<Client['secrets']['list']>;
  create: Write<Client['secrets']['create'], { secret: Arg<Client['secrets']['create'], 0> }>;
  delete: Write<Client['secrets']['delete'], { name: string; query?: Arg<Client['secrets']['delete'], 1> }>;
}

export interface FilesQueries {
  list: Read<Client['files']['list']>;
}

export interface FileContentsQueries {
  detail: Read<Client['fileContents']['detail']>;
  update: Write<Client['fileContents']['update'], { path: string; file_content: Arg<Client['fileContents']['update'], 1> }>;
}

export interface BlockTemplatesQueries {
  list: PagedRead<Client['blockTemplates']['list']>;
}

export interface DataProvidersQueries {
  list: PagedRead<Client['dataProviders']['list']>;
}

export interface AutocompleteItemsQueries {
  list: PagedRead<Client['autocompleteItems']['list']>;
}

export interface KernelsQueries {
  list: PagedRead<Client['kernels']['list']>;
  detail: Read<Client['kernels']['detail']>;
  update: Write<Client['kernels']['update'], { id: number | string; kernel: Arg<Client['kernels']['update'], 1> }>;
}

export interface GlobalDataProductsQueries {
  list: PagedRead<Client['globalDataProducts']['list']>;
}
