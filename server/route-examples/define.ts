import type { NodeAt, NodeId, RouteId, RoutesOf } from '@pipeline-api/contract';

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

/** The example requests of one contract node, checked against its routes. */
export interface NodeExamples<Id extends NodeId> {
  node: Id;
  /**
   * A scripted session run through the core with a fixed clock and token seed (logged in as the default
   * owner): the first success and the first error of each route become its OpenAPI examples.
   */
  openapi: (run: ExampleRunner, advance: AdvanceTime) => Promise<void>;
  /** The auth matrix sends one request per route and cell, against records `prepare` makes for that cell. */
  authMatrix: {
    prepare?(owner: OwnerCall, n: number): Promise<Prepared>;
    /** One per route of the node: a route without one does not compile. */
    targets: { [K in keyof RoutesOf<NodeAt<Id>>]: (prepared: Prepared, n: number) => TargetRequest };
  };
}

/** Declares a node's example requests (OpenAPI, auth matrix); the node's routes decide which targets it needs. */
export function defineExamples<Id extends NodeId>(node: Id, definition: Omit<NodeExamples<Id>, 'node'>): NodeExamples<Id> {
  return { node, ...definition };
}

/** A node's examples as the OpenAPI capture and the auth matrix read them, whatever the node. */
export interface AnyNodeExamples {
  node: NodeId;
  openapi(run: ExampleRunner, advance: AdvanceTime): Promise<void>;
  authMatrix: {
    prepare?(owner: OwnerCall, n: number): Promise<Prepared>;
    targets: Record<string, (prepared: Prepared, n: number) => TargetRequest>;
  };
}

/** Every contract node with its examples: a node without them, or under another node's key, does not compile. */
export type ExamplesRegistry = { [Id in NodeId]: NodeExamples<Id> };
