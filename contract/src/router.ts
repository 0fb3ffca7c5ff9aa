import { initContract, type ApplyRouterOptions } from './dsl.js';
import { blockRuns } from './routes/block-runs.js';
import { blocks } from './routes/blocks.js';
import { pipelineRuns } from './routes/pipeline-runs.js';
import { pipelineSchedules } from './routes/triggers.js';
import { pipelines } from './routes/pipelines.js';
import { sessions } from './routes/sessions.js';
import { statuses } from './routes/statuses.js';
import { users } from './routes/users.js';
import { clientPages, gitBranches, oauths, projects, tags } from './routes/ui-boot.js';
import { backfills } from './routes/backfills.js';
import { secrets } from './routes/secrets.js';
import { pipelineVariables } from './routes/pipeline-variables.js';
import { pipelineTriggers } from './routes/pipeline-triggers.js';
import { monitorStats } from './routes/monitor-stats.js';
import { autocompleteItems, blockTemplates, dataProviders, fileContents, files, globalDataProducts, kernels } from './routes/editor.js';

const c = initContract();

/** The nodes of the seed's API; those Mage's own UI needs beyond them follow. */
export const seedNodes = { statuses, sessions, users, pipelines, blocks, pipelineSchedules, pipelineRuns, blockRuns };

/** The nodes Mage's own web UI reads beyond the seed's, and what integrators automate. */
export const uiNodes = { projects, oauths, gitBranches, clientPages, tags, pipelineVariables, pipelineTriggers, monitorStats, backfills, secrets };

/** The nodes Mage's pipeline editor reads beyond pipelines and blocks. */
export const editorNodes = { files, fileContents, blockTemplates, dataProviders, autocompleteItems, kernels, globalDataProducts };

const options = { strictStatusCodes: true } as const;

/**
 * The whole API. Every route carries `metadata: RouteMeta`, which is all the server needs to dispatch it. Its type is
 * written from the groups' (exported, so each is declared on its own): inferred whole, it is too long for the
 * declaration emitter to serialize (TS7056).
 */
export const contract: ApplyRouterOptions<typeof seedNodes & typeof uiNodes & typeof editorNodes, typeof options> = c.router(
  { ...seedNodes, ...uiNodes, ...editorNodes },
  options,
);
export type Contract = typeof contract;
