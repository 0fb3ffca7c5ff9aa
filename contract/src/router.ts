import { initContract, type ApplyRouterOptions } from './dsl.js';
// Every route file's node (contract/src/routes/<name>.ts declares `<name in camelCase>`), listed by `npm run generate`.
import * as nodes from './generated/route-nodes.js';

const c = initContract();

/**
 * The router's nodes, in the contract's order (the OpenAPI document's, the SDK's, the mocks' route matching): adding a
 * resource is one line here. The seed's API first; those Mage's own UI needs beyond it follow.
 */
export const seedNodes = {
  statuses: nodes.statuses,
  sessions: nodes.sessions,
  users: nodes.users,
  pipelines: nodes.pipelines,
  blocks: nodes.blocks,
  pipelineSchedules: nodes.pipelineSchedules,
  pipelineRuns: nodes.pipelineRuns,
  blockRuns: nodes.blockRuns,
};

/** The nodes Mage's own web UI reads beyond the seed's, and what integrators automate. */
export const uiNodes = {
  projects: nodes.projects,
  oauths: nodes.oauths,
  gitBranches: nodes.gitBranches,
  clientPages: nodes.clientPages,
  tags: nodes.tags,
  pipelineVariables: nodes.pipelineVariables,
  pipelineTriggers: nodes.pipelineTriggers,
  monitorStats: nodes.monitorStats,
  backfills: nodes.backfills,
  secrets: nodes.secrets,
};

/** The nodes Mage's pipeline editor reads beyond pipelines and blocks. */
export const editorNodes = {
  files: nodes.files,
  fileContents: nodes.fileContents,
  blockTemplates: nodes.blockTemplates,
  dataProviders: nodes.dataProviders,
  autocompleteItems: nodes.autocompleteItems,
  kernels: nodes.kernels,
  globalDataProducts: nodes.globalDataProducts,
};

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
