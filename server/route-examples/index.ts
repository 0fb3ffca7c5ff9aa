import { apiTriggerExamples, apiTriggerWithTokenExamples } from './api_triggers.js';
import { blockRunExamples, runBlockExamples, runBlockRunExamples } from './block_runs.js';
import { blockExamples, pipelineBlockExamples } from './blocks.js';
import type { AnyNodeExamples, ExamplesRegistry } from './define.js';
import { logExamples } from './logs.js';
import { runExamples, scheduleRunExamples } from './pipeline_runs.js';
import { pipelineScheduleExamples, scheduleExamples } from './triggers.js';
import { pipelineExamples } from './pipelines.js';
import { sessionExamples } from './sessions.js';
import { statusExamples } from './statuses.js';
import { userExamples } from './users.js';

/**
 * The documentation side of every route, kept out of the runtime modules (the core's package ships none of it):
 * the OpenAPI examples' scripted sessions, and the auth matrix's target per route. Keyed by contract node, then
 * by route: a route without its target, or a node without its entry, does not compile.
 */
export const routeExamples: ExamplesRegistry = {
  statuses: statusExamples,
  sessions: sessionExamples,
  users: userExamples,
  pipelines: pipelineExamples,
  'pipelines.blocks': pipelineBlockExamples,
  blocks: blockExamples,
  'pipelines.pipelineSchedules': pipelineScheduleExamples,
  pipelineSchedules: scheduleExamples,
  'pipelineSchedules.pipelineRuns': scheduleRunExamples,
  'pipelineSchedules.pipelineRunsWithToken': apiTriggerWithTokenExamples,
  'pipelineSchedules.apiTrigger': apiTriggerExamples,
  pipelineRuns: runExamples,
  'pipelineRuns.blockRuns': runBlockRunExamples,
  blockRuns: blockRunExamples,
  'pipelines.logs': logExamples,
  'pipelineRuns.blocks': runBlockExamples,
};

export type { AnyNodeExamples, ExampleRunner, NodeExamples, OwnerCall, Prepared, TargetRequest } from './define.js';

const byNode = new Map<string, AnyNodeExamples>(Object.values(routeExamples).map((examples: AnyNodeExamples) => [examples.node, examples]));

/** The examples of a contract node named at run time (a walked route's node). */
export function examplesOf(node: string): AnyNodeExamples {
  const examples = byNode.get(node);
  if (!examples) throw new Error(`No route examples for the contract node ${node}: add them to server/route-examples/index.ts`);
  return examples;
}
