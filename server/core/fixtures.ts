import type { RouteId } from '@pipeline-api/contract';

/** Runs one contract route in-process as the default owner (the mocks' seeding); answers the envelope, throws on an error. */
export type FixtureCall = (routeId: RouteId, params: Record<string, string>, body?: unknown) => Promise<Record<string, unknown>>;

/**
 * How the mocks seed a resource's fixtures: `mock.seed({ [key]: items })` creates each item through the API
 * itself (every rule and invariant applies) and answers what the API presented. Declared in the resource's folder.
 */
export interface ResourceFixtures<Key extends string = string, In = unknown, Out = unknown> {
  key: Key;
  seed(call: FixtureCall, items: In[]): Promise<Out[]>;
}

export const defineFixtures = <Key extends string, In, Out>(fixtures: ResourceFixtures<Key, In, Out>) => fixtures;
