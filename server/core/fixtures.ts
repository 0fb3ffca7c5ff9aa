import type { RouteId } from '@pipeline-api/contract';
import type { z } from 'zod';

/** Runs one contract route in-process as the default owner (the seeding); answers the envelope, throws on an error. */
export type FixtureCall = (routeId: RouteId, params: Record<string, string>, body?: unknown) => Promise<Record<string, unknown>>;

/**
 * How a resource's fixtures are seeded: `{ [key]: items }` in the mocks' `seed()` or the server's `--fixtures`
 * file; each item is checked against `schema` (the JSON Schema for editors is generated from it), then created
 * through the API itself (every rule and invariant applies), answering what the API presented. Declared in the
 * resource's folder; resources seed in the registry's order.
 */
export interface ResourceFixtures<Key extends string = string, In = unknown, Out = unknown> {
  key: Key;
  /** One item, as a fixtures file holds it. */
  schema: z.ZodType<In>;
  /** For the JSON Schema: what the list holds. */
  description: string;
  seed(call: FixtureCall, items: In[]): Promise<Out[]>;
}

export const defineFixtures = <Key extends string, In, Out>(fixtures: ResourceFixtures<Key, In, Out>) => fixtures;
