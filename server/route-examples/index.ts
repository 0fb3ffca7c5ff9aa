/**
 * The documentation side of every route, kept out of the runtime modules (the core's package ships none of it):
 * the OpenAPI examples' scripted sessions, and the auth matrix's target per route. Keyed by contract node, then
 * by route: a route without its target, or a node without its entry, does not compile. `npm run generate` writes
 * the registry from the files of this folder: a new node's file is listed without a hand edit.
 */
import type { AnyNodeExamples } from './define.js';
import { routeExamples } from './generated/registry.js';

export { routeExamples };

export type { AnyNodeExamples, ExampleRunner, NodeExamples, OwnerCall, Prepared, TargetRequest } from './define.js';

const byNode = new Map<string, AnyNodeExamples>(Object.values(routeExamples).map((examples: AnyNodeExamples) => [examples.node, examples]));

/** The examples of a contract node named at run time (a walked route's node). */
export function examplesOf(node: string): AnyNodeExamples {
  const examples = byNode.get(node);
  if (!examples) throw new Error(`No route examples for the contract node ${node}: add server/route-examples/<file>.ts and run \`npm run generate\``);
  return examples;
}
