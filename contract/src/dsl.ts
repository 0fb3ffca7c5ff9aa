import type * as z from 'zod/mini';

/**
 * ts-rest's contract builder (`initContract().router`) and route types, declared here rather than imported from
 * @ts-rest/core. Its declarations (3.53.0-rc.1) name zod 3 types and fail a consumer's `strict` +
 * `skipLibCheck: false` build; its module carries its own copy of zod 3, which bundlers keep whole. These
 * types are ts-rest's shapes narrowed to what this contract uses (zod schemas, JSON bodies), so every router
 * built here is a ts-rest router (`satisfies` in the tests; bench/ts-rest-app.ts serves it with @ts-rest/express); the routers are the
 * ones ts-rest builds (a test compares them). DELETE routes leave `body` out (ts-rest's `AppRouteDeleteNoBody`).
 */

/** What a route's parts are declared with: zod/mini schemas. */
export type RouteSchema = z.ZodMiniType;

interface AppRouteCommon {
  /** The path with colon-prefixed parameters, e.g. `/api/pipelines/:uuid`. */
  path: string;
  pathParams?: RouteSchema;
  query?: RouteSchema;
  headers?: Record<string, RouteSchema>;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  responses: Record<number, RouteSchema>;
  strictStatusCodes?: boolean;
  metadata?: unknown;
  validateResponseOnClient?: boolean;
}

/** A read (GET). */
export interface AppRouteQuery extends AppRouteCommon {
  method: 'GET';
}
/** A write with a body. */
export interface AppRouteMutation extends AppRouteCommon {
  method: 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  contentType?: 'application/json';
  body: RouteSchema;
}
/** A DELETE without a body. */
export interface AppRouteDeleteNoBody extends AppRouteCommon {
  method: 'DELETE';
}
export type AppRoute = AppRouteQuery | AppRouteMutation | AppRouteDeleteNoBody;
/** A router: routes and routers by key. */
export interface AppRouter {
  [key: string]: AppRouter | AppRoute;
}

export interface RouterOptions {
  baseHeaders?: Record<string, RouteSchema>;
  strictStatusCodes?: boolean;
  pathPrefix?: string;
  commonResponses?: Record<number, RouteSchema>;
  metadata?: unknown;
  validateResponseOnClient?: boolean;
}

type Flat<T> = { [K in keyof T]: T[K] } & {};
/** Which of a route's settings its router fills (`unknown`: neither sets it, and the key is left out). */
type Filled<Own, FromRouter> = Own extends boolean ? Own : FromRouter extends boolean ? FromRouter : unknown;
type KnownKeys<T> = { [K in keyof T as unknown extends T[K] ? never : K]: T[K] };

/** A route with its router's options applied, typed as ts-rest types it (its `ApplyOptions`). */
export type ApplyOptions<R extends AppRoute, O extends RouterOptions> = Flat<
  Omit<R, 'path' | 'headers' | 'responses' | 'metadata' | 'strictStatusCodes'> &
    KnownKeys<{
      path: O['pathPrefix'] extends string ? `${O['pathPrefix']}${R['path']}` : R['path'];
      headers: R['headers'] extends object ? R['headers'] : O['baseHeaders'];
      strictStatusCodes: Filled<R['strictStatusCodes'], O['strictStatusCodes']>;
      responses: O['commonResponses'] extends object ? Flat<Omit<O['commonResponses'], keyof R['responses']> & R['responses']> : R['responses'];
      metadata: R['metadata'];
    }>
>;
export type ApplyRouterOptions<T extends AppRouter, O extends RouterOptions> = {
  [K in keyof T]: T[K] extends AppRoute ? ApplyOptions<T[K], O> : T[K] extends AppRouter ? ApplyRouterOptions<T[K], O> : T[K];
};

export interface ContractBuilder {
  /** A router: the routes as declared (literal methods and paths kept), the options applied to each. */
  router<const T extends AppRouter, const O extends RouterOptions = Record<never, never>>(routes: T, options?: O): ApplyRouterOptions<T, O>;
}

export const initContract = (): ContractBuilder => ({
  router: <const T extends AppRouter, const O extends RouterOptions = Record<never, never>>(routes: T, options?: O) =>
    applyOptions(routes, options) as ApplyRouterOptions<T, O>,
});

/** A route, not a router: routes have a method and a path. */
export const isAppRoute = (node: AppRoute | AppRouter): node is AppRoute => 'method' in node && 'path' in node;

function applyOptions(router: AppRouter, options?: RouterOptions): AppRouter {
  return Object.fromEntries(Object.entries(router).map(([key, node]) => [key, isAppRoute(node) ? applyToRoute(node, options) : applyOptions(node, options)]));
}

/** What ts-rest's router does to each route: the router's options fill what the route leaves unset. */
function applyToRoute(route: AppRoute, options?: RouterOptions): AppRoute {
  if (options?.baseHeaders && route.headers) {
    throw new Error(`${route.method} ${route.path}: headers on both the route and its router are not merged here; declare them in one place`);
  }
  return {
    ...route,
    path: options?.pathPrefix ? options.pathPrefix + route.path : route.path,
    headers: route.headers ?? options?.baseHeaders,
    strictStatusCodes: route.strictStatusCodes ?? options?.strictStatusCodes,
    validateResponseOnClient: route.validateResponseOnClient ?? options?.validateResponseOnClient,
    responses: { ...options?.commonResponses, ...route.responses },
    metadata: options?.metadata ? Object.assign({}, options.metadata, route.metadata) : route.metadata,
  };
}
