import type { ContractRoute } from '@pipeline-api/contract';
import type { AppRoute } from '@ts-rest/core';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';

type SingleRoute = { route: AppRoute };
/** ts-rest's implementation of a router of one route (@ts-rest/express does not export the type's name). */
type SingleRouteImplementation = Parameters<typeof createExpressEndpoints<SingleRoute>>[1];

/** What every route's handler does: answer the request as the core does for that route id. */
export type RouteHandler = (routeId: string, req: Request, res: Response) => Promise<{ status: number; body: Record<string, unknown> }>;

/**
 * Each contract route registered by @ts-rest/express on an Express router of its own, by route id. The adapter finds
 * a request's route with the core's route table and hands the request to that route's router: Express then matches
 * one route layer, not the contract's routes one by one in order (a request scanned up to 18 of 45). ts-rest types
 * each handler against its route; the responses' shapes are checked where they are made, by each resource's presenter
 * against its route's item schema (core/src/presenter.ts), since the core builds every envelope.
 */
export function routersByRoute(routes: readonly ContractRoute[], handle: RouteHandler): Map<string, Router> {
  const routers = new Map<string, Router>();
  for (const { id, route } of routes) {
    // Case-sensitive as the app is: a router made here does not inherit the app's settings.
    const router = express.Router({ caseSensitive: true });
    const handler = ({ req, res }: { req: Request; res: Response }) => handle(id, req, res);
    const entries: [string, unknown][] = [['route', handler]];
    // ts-rest types an answer by the route's declared statuses, which one handler for every route cannot name (the
    // core answers each route's envelope, checked where it is made); the object is built key for key as the type reads.
    const implementation = Object.fromEntries(entries) as SingleRouteImplementation;
    createExpressEndpoints<SingleRoute>({ route: withoutRequestSchemas(route) }, implementation, router, {
      logInitialization: false,
      jsonQuery: false,
      responseValidation: false,
      // No request schemas are registered, so ts-rest never fails a request; anything else goes to the error handler.
      requestValidationErrorHandler: (error: unknown, _req: Request, _res: Response, next: NextFunction) => next(error),
    });
    routers.set(id, router);
  }
  return routers;
}

/**
 * A route as ts-rest registers it: same method, path and responses, without request schemas, so ts-rest validates
 * nothing (it cannot be told not to). The core validates once, after authentication and the policy, as Mage orders
 * its checks.
 */
function withoutRequestSchemas<T extends AppRoute>(route: T): T {
  return { ...route, pathParams: undefined, query: undefined, headers: undefined, ...('body' in route ? { body: undefined } : {}) };
}
