import type { ContractRoute } from '@pipeline-api/contract';
import type { AppRoute } from '@ts-rest/core';
import { createExpressEndpoints } from '@ts-rest/express';
import express, { type NextFunction, type Request, type Response } from 'express';

type SingleRoute = { route: AppRoute };
/** ts-rest's implementation of a router of one route (@ts-rest/express does not export the type's name). */
type SingleRouteImplementation = Parameters<typeof createExpressEndpoints<SingleRoute>>[1];

/** What every route's handler does: answer the request as the core does for that route id. */
export type RouteHandler = (routeId: string, req: Request, res: Response) => Promise<{ status: number; body: Record<string, unknown> }>;

/** One contract route as @ts-rest/express serves it: its handlers run in order, `req.params` set by the caller. */
export type RouteRunner = (req: Request, res: Response, next: NextFunction) => void;

/**
 * Each contract route registered by @ts-rest/express, by route id: the handlers ts-rest registers for the route (its
 * route marker, then its request handler, which calls `handle`), run in order as Express's route would run them. The
 * adapter finds a request's route and its decoded params once, with the core's route table, and runs that route's
 * handlers: Express does not match the path a second time, nor scan the contract's routes one by one (a request
 * scanned up to 18 of 45). ts-rest types each handler against its route; the responses' shapes are checked where they
 * are made, by each resource's presenter against its route's item schema (core/src/presenter.ts), since the core
 * builds every envelope.
 */
export function runnersByRoute(routes: readonly ContractRoute[], handle: RouteHandler): Map<string, RouteRunner> {
  const runners = new Map<string, RouteRunner>();
  for (const { id, route } of routes) {
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
    const registered = router.stack.find((layer) => layer.route !== undefined)?.route;
    if (!registered) throw new Error(`@ts-rest/express registered no route for ${id}`);
    runners.set(id, inOrder(registered.stack.map((layer) => layer.handle)));
  }
  return runners;
}

/** Handlers run one after the other as a route runs them: `next()` moves on, an error or a throw ends with `next(error)`. */
function inOrder(handlers: RouteRunner[]): RouteRunner {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown) => {
      if (error !== undefined && error !== null) return next(error);
      const handler = handlers[index++];
      if (!handler) return next();
      try {
        // As Express runs a handler: a promise it returns that rejects is an error too.
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

/**
 * A route as ts-rest registers it: same method, path and responses, without request schemas, so ts-rest validates
 * nothing (it cannot be told not to). The core validates once, after authentication and the policy, as Mage orders
 * its checks.
 */
function withoutRequestSchemas<T extends AppRoute>(route: T): T {
  return { ...route, pathParams: undefined, query: undefined, headers: undefined, ...('body' in route ? { body: undefined } : {}) };
}
