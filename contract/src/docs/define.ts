import type * as z from 'zod/mini';
import type { NodeAt, NodeId, RoutesOf } from '../route-types.js';

/** A route's own query params, by name (its query is an object schema). */
type QueryKeys<R> = R extends { query: z.ZodMiniObject<infer Shape> } ? keyof Shape & string : never;

/** What the documents (OpenAPI, the SDK's comments) say about one route. */
export interface RouteDoc<R> {
  summary: string;
  description: string;
  /** The route's own query params; the meta params every route shares are described with their schemas. */
  query?: Partial<Record<QueryKeys<R>, string>>;
}

/** Every route of a contract node: a route without its entry does not compile, nor does an unknown query param. */
export type NodeDocs<Id extends NodeId> = { [K in keyof RoutesOf<NodeAt<Id>>]: RouteDoc<RoutesOf<NodeAt<Id>>[K]> };

/** Documents the routes of one contract node (the node's routes decide which entries it needs). */
export const defineRouteDocs = <Id extends NodeId>(_node: Id, routes: NodeDocs<Id>): NodeDocs<Id> => routes;

/** A route's documentation, whatever the route. */
export interface AnyRouteDoc {
  summary: string;
  description: string;
  query?: Readonly<Record<string, string | undefined>>;
}
