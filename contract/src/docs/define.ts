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
export type RoutesDocs<Id extends NodeId> = { [K in keyof RoutesOf<NodeAt<Id>>]: RouteDoc<RoutesOf<NodeAt<Id>>[K]> };

/** The OpenAPI tags a node's routes are listed under (each route's `metadata.tag`). */
export type TagOf<Id extends NodeId> = {
  [K in keyof RoutesOf<NodeAt<Id>>]: RoutesOf<NodeAt<Id>>[K] extends { metadata: { tag: infer T } } ? T : never;
}[keyof RoutesOf<NodeAt<Id>>];

/** A tag's description in the OpenAPI document, declared with the docs of one node listed under it. */
export interface TagDoc<Name extends string = string> {
  name: Name;
  description: string;
}

/** Where a node's docs keep the tag it describes: a symbol, so no route key can be it and listing routes skips it. */
export const TAG: unique symbol = Symbol('tag');

/** A node's documentation: its routes', and maybe the description of a tag its routes use. */
export type NodeDocs<Id extends NodeId> = RoutesDocs<Id> & { readonly [TAG]?: TagDoc };

/**
 * Documents the routes of one contract node (the node's routes decide which entries it needs) and, for one node of
 * each tag, the tag (a test checks every tag is described once).
 */
export const defineRouteDocs = <Id extends NodeId>(_node: Id, routes: RoutesDocs<Id>, tag?: TagDoc<TagOf<Id> & string>): NodeDocs<Id> =>
  tag ? { ...routes, [TAG]: tag } : routes;

/** A route's documentation, whatever the route. */
export interface AnyRouteDoc {
  summary: string;
  description: string;
  query?: Readonly<Record<string, string | undefined>>;
}
