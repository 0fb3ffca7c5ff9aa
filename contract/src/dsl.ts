import type { AppRoute, AppRouter, initContract as tsRestInitContract, RouterOptions } from '@ts-rest/core';

/**
 * ts-rest's contract builder (`initContract().router`), typed by ts-rest, without importing @ts-rest/core at run
 * time. That module carries its own copy of zod 3, which bundlers keep whole for any import of it: a second zod
 * in every browser bundle of the contract (the mocks'). The routers it builds are the ones ts-rest builds (a test
 * compares them), so @ts-rest/express serves them as its own. DELETE routes leave `body` out (ts-rest's
 * `AppRouteDeleteNoBody`) rather than `c.noBody()`, whose symbol lives in that module.
 */
export const initContract = (): Pick<ReturnType<typeof tsRestInitContract>, 'router'> => ({
  // ts-rest's router type maps the routes through types it does not export; the mapping is applyOptions.
  router: applyOptions as ReturnType<typeof tsRestInitContract>['router'],
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
