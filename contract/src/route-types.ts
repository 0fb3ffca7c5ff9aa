import type { AppRoute } from './dsl.js';
import type * as z from 'zod/mini';
import type { ErrorEnvelope } from './envelope.js';
import type { Action } from './route-meta.js';
import type { Contract } from './router.js';

/**
 * The contract read at the type level, the twin of walk.ts: route and node ids, and per route the payload,
 * query, path params and response item the resources are typed by.
 */

/** Every route id of a router as a string union: `'pipelines.create' | 'pipelines.blocks.list' | ...`. */
export type RouteIdOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends AppRoute ? `${P}${K}` : RouteIdOf<T[K], `${P}${K}.`>;
}[keyof T & string];
export type RouteId = RouteIdOf<Contract>;

/** Every router node that holds routes itself: `'statuses' | 'pipelines' | 'pipelines.blocks' | ...`. */
export type NodeIdOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends AppRoute ? never : (keyof RoutesOf<T[K]> extends never ? never : `${P}${K}`) | NodeIdOf<T[K], `${P}${K}.`>;
}[keyof T & string];
export type NodeId = NodeIdOf<Contract>;

/** The router node (or route) at a dotted id. */
export type At<T, Id extends string> = Id extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Id extends keyof T
    ? T[Id]
    : never;
export type NodeAt<Id extends NodeId> = At<Contract, Id>;
export type RouteAt<Id extends RouteId> = At<Contract, Id>;

/** A node's own routes, without its sub-routers. */
export type RoutesOf<N> = { [K in keyof N as N[K] extends AppRoute ? K : never]: N[K] };
export type ActionOf<R> = R extends { metadata: { action: infer A extends Action } } ? A : never;
/** The actions a node's routes take: a resource module implements exactly these. */
export type ActionsOf<N> = { [K in keyof RoutesOf<N>]: ActionOf<RoutesOf<N>[K]> }[keyof RoutesOf<N>];
/** The route of a node that takes an action. */
export type RouteFor<N, A extends Action> = {
  [K in keyof RoutesOf<N>]: ActionOf<RoutesOf<N>[K]> extends A ? RoutesOf<N>[K] : never;
}[keyof RoutesOf<N>];

/** The parsed body of a route (its schema's output); `undefined` when it takes none. */
export type BodyOf<R> = R extends { body: infer B extends z.ZodMiniType } ? z.output<B> : undefined;
type PayloadKey<B> = Exclude<keyof NonNullable<B>, 'api_key'>;
/** The validated attributes under the body's resource key (`block` in `{block, api_key}`); `{}` when none. */
export type PayloadOf<R> = [PayloadKey<BodyOf<R>>] extends [never] ? Record<string, never> : NonNullable<BodyOf<R>>[PayloadKey<BodyOf<R>>];
/** The parsed query (meta params included). */
export type QueryOf<R> = R extends { query: infer Q extends z.ZodMiniType } ? z.output<Q> : Record<string, never>;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The path params of a route, decoded: `{pipeline_uuid: string, block_uuid: string}`. */
export type ParamsOf<R> = R extends { path: infer P extends string } ? Record<ParamNames<P>, string> : never;

/** The success envelope of a route. */
export type SuccessOf<R> = R extends { responses: { 200: infer S extends z.ZodMiniType } } ? Exclude<z.output<S>, ErrorEnvelope> : never;
type ItemKey<R> = Exclude<keyof SuccessOf<R>, 'metadata' | 'status'>;
/** A file route (fileResponses) answers a file, not items: its presenter has no attribute. */
export type FileRouteItem = Record<never, never>;
/** One item of a route's success envelope (the element of a list). */
export type ItemOf<R> = SuccessOf<R> extends string ? FileRouteItem : SuccessOf<R>[ItemKey<R>] extends readonly (infer E)[] ? E : SuccessOf<R>[ItemKey<R>];
/** The item every route of a node answers with (they share one schema). */
export type NodeItemOf<N> = RoutesOf<N>[keyof RoutesOf<N>] extends infer R ? (R extends unknown ? ItemOf<R> : never) : never;
