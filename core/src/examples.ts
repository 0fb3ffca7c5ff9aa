import type { NodeAt, NodeId, RouteId, RoutesOf } from '@pipeline-api/contract';
import { isPlainObject } from './request.js';

/** Runs one contract route in-process for the OpenAPI examples; answers the envelope. */
export type ExampleRunner = (
  routeId: RouteId,
  params: Record<string, string>,
  body?: unknown,
  query?: Record<string, string>,
  /** Extra request headers (an API trigger's `Authorization: Bearer`). */
  headers?: Record<string, string>,
) => Promise<Record<string, unknown>>;

/** Moves the example session's clock, running every scheduler tick due on the way (runs progress). */
export type AdvanceTime = (ms: number) => void;

/** A call over HTTP as the owner, for preparing auth-matrix targets; answers the envelope. */
export type OwnerCall = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** One request of the auth matrix: the method is the route's own. */
export interface TargetRequest {
  path: string;
  body?: unknown;
  query?: Record<string, string>;
  /** Headers that replace the cell's (an API trigger's own `Authorization: Bearer`). */
  headers?: Record<string, string>;
}

/** What a target request may use: ids `prepare` made for this cell. */
export type Prepared = Record<string, string>;

export interface ExamplesDefinition<N> {
  /**
   * A scripted session run through the core with a fixed clock and token seed (logged in as the default
   * owner): the first success and the first error of each route become its OpenAPI examples.
   */
  openapi: (run: ExampleRunner, advance: AdvanceTime) => Promise<void>;
  /** The auth matrix sends one request per route and cell, against records `prepare` makes for that cell. */
  authMatrix: {
    prepare?(owner: OwnerCall, n: number): Promise<Prepared>;
    /** One per route of the node: a route without one does not compile. */
    targets: { [K in keyof RoutesOf<N>]: (prepared: Prepared, n: number) => TargetRequest };
  };
}

/** A resource's examples as the OpenAPI capture and the auth matrix use them. */
export interface ResourceExamples {
  node: NodeId;
  openapi(run: ExampleRunner, advance: AdvanceTime): Promise<void>;
  authMatrix: {
    prepare?(owner: OwnerCall, n: number): Promise<Prepared>;
    targets: Record<string, (prepared: Prepared, n: number) => TargetRequest>;
  };
}

/** Declares a resource's example requests (OpenAPI, auth matrix), checked against its contract node's routes. */
export function defineExamples<Id extends NodeId>(node: Id, definition: ExamplesDefinition<NodeAt<Id>>): ResourceExamples {
  return { node, openapi: definition.openapi, authMatrix: definition.authMatrix };
}

/** The item under `key` of an envelope (`{pipeline: {...}}`), for scripts that chain calls. */
export function itemOf(envelope: Record<string, unknown>, key: string): Record<string, unknown> {
  const item = envelope[key];
  if (!isPlainObject(item)) throw new Error(`No ${key} in ${JSON.stringify(envelope).slice(0, 200)}`);
  return item;
}
