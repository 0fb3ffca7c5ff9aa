import { contract, walkContract } from '@pipeline-api/contract';
import { describe, expect, it } from 'vitest';
import { defineExamples, type ExamplesRegistry } from '../route-examples/define.js';
import { examplesOf, routeExamples } from '../route-examples/index.js';

// The lines under @ts-expect-error are what a contributor could get wrong: `npm run typecheck` fails if any compiles.

const { statuses, sessions, users, pipelines, blocks } = routeExamples;
// @ts-expect-error the registry needs the examples of every contract node
export const incomplete: ExamplesRegistry = { statuses, sessions, users, pipelines, blocks };
// @ts-expect-error examples registered under another node's key
export const misnamed: ExamplesRegistry = { ...routeExamples, 'pipelines.blocks': blocks };

defineExamples('statuses', {
  openapi: async () => {},
  // @ts-expect-error one auth-matrix target per route of the node
  authMatrix: { targets: {} },
});
defineExamples('statuses', {
  openapi: async () => {},
  // @ts-expect-error a target for a route the node does not have
  authMatrix: { targets: { list: () => ({ path: '/api/status' }), create: () => ({ path: '/api/status' }) } },
});

describe('route examples, apart from the runtime modules', () => {
  it('give every contract route an auth-matrix target, under its own node', () => {
    for (const route of walkContract(contract)) {
      const examples = examplesOf(route.node);
      expect(examples.node).toBe(route.node);
      expect(Object.hasOwn(examples.authMatrix.targets, route.key), `${route.id} has no auth-matrix target`).toBe(true);
    }
  });

  it('names the registry when a node has none', () => {
    expect(() => examplesOf('nodes.unknown')).toThrow('No route examples for the contract node nodes.unknown');
  });
});
