import * as z from 'zod/mini';
import { contract } from '../router.js';
import type { NodeId } from '../route-types.js';
import { walkContract, type ContractRoute } from '../walk.js';
import { TAG, type AnyRouteDoc, type NodeDocs } from './define.js';
import { blockRunDocs } from './routes/block-runs.js';
import { blockDocs, pipelineBlockDocs } from './routes/blocks.js';
import { pipelineLogDocs } from './routes/logs.js';
import { runBlockDocs, runBlockRunDocs, runDocs } from './routes/pipeline-runs.js';
import { apiTriggerDocs, apiTriggerWithTokenDocs, pipelineScheduleDocs, scheduleDocs, scheduleRunDocs } from './routes/triggers.js';
import { pipelineDocs } from './routes/pipelines.js';
import { sessionDocs } from './routes/sessions.js';
import { statusDocs } from './routes/statuses.js';
import { userDocs } from './routes/users.js';
import { describeSchema, describeSchemas } from './schemas.js';

/** Every route's documentation, by contract node: a node without its entry does not compile. */
export const ROUTE_DOCS: { [Id in NodeId]: NodeDocs<Id> } = {
  statuses: statusDocs,
  sessions: sessionDocs,
  users: userDocs,
  pipelines: pipelineDocs,
  'pipelines.blocks': pipelineBlockDocs,
  blocks: blockDocs,
  'pipelines.pipelineSchedules': pipelineScheduleDocs,
  pipelineSchedules: scheduleDocs,
  'pipelineSchedules.pipelineRuns': scheduleRunDocs,
  'pipelineSchedules.pipelineRunsWithToken': apiTriggerWithTokenDocs,
  'pipelineSchedules.apiTrigger': apiTriggerDocs,
  pipelineRuns: runDocs,
  'pipelineRuns.blockRuns': runBlockRunDocs,
  blockRuns: blockRunDocs,
  'pipelines.logs': pipelineLogDocs,
  'pipelineRuns.blocks': runBlockDocs,
};

const byNode = new Map<string, Map<string, AnyRouteDoc>>(
  Object.entries<Record<string, AnyRouteDoc>>(ROUTE_DOCS).map(([node, routes]) => [node, new Map(Object.entries(routes))]),
);

/** The documentation of a walked route. */
export function routeDoc(route: Pick<ContractRoute, 'id' | 'node' | 'key'>): AnyRouteDoc {
  const doc = byNode.get(route.node)?.get(route.key);
  if (!doc) throw new Error(`${route.id}: no documentation`);
  return doc;
}

/** Each tag's description, from the node docs that declare it. */
export const TAG_DOCS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values<NodeDocs<NodeId>>(ROUTE_DOCS).flatMap((docs) => {
    const tag = docs[TAG];
    return tag ? [[tag.name, tag.description]] : [];
  }),
);

/** A tag's description. */
export function tagDoc(name: string): string {
  const description = new Map<string, string>(Object.entries(TAG_DOCS)).get(name);
  if (description === undefined) throw new Error(`Tag ${name} has no description: give it with the docs of one of its nodes (defineRouteDocs' third argument)`);
  return description;
}

/**
 * Puts every description on the contract's schemas (zod's registry, which its JSON Schema reads): the schemas', then
 * each route's query params'. Call it before converting a schema to JSON Schema for a document; calling it again is
 * harmless.
 */
export function describeContract(): void {
  describeSchemas();
  for (const route of walkContract(contract)) {
    const shape = new Map(route.query instanceof z.ZodMiniObject ? Object.entries(route.query.shape) : []);
    for (const [key, description] of Object.entries(routeDoc(route).query ?? {})) {
      const field = shape.get(key);
      if (!field || description === undefined) throw new Error(`${route.id}: no query param ${key} to describe`);
      describeSchema(field, description);
    }
  }
}
