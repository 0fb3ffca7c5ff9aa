import { contract, type Contract } from '@pipeline-api/contract';
import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import { initServer, type AppRouteImplementation } from '@ts-rest/express';
import type { Request, Response } from 'express';

/** ts-rest's router implementation type (@ts-rest/express does not export its name). */
export type RouterImplementation<T extends AppRouter> = {
  [K in keyof T]: T[K] extends AppRouter ? RouterImplementation<T[K]> : T[K] extends AppRoute ? AppRouteImplementation<T[K]> : never;
};

/** What every route's handler does: answer the request as the core does for that route id. */
export type RouteHandler = (routeId: string, req: Request, res: Response) => Promise<{ status: number; body: Record<string, unknown> }>;

/**
 * The contract's router implementation for ts-rest: one handler per route, found by walking the contract,
 * each calling the core with its route id. ts-rest checks the implementation against the contract
 * (initServer().router); the responses' shapes are checked where they are made, by each resource's presenter
 * against its route's item schema (core/src/presenter.ts), since the core builds every envelope.
 */
export function contractRouter(handle: RouteHandler): RouterImplementation<Contract> {
  return initServer().router(contract, implement(contract, [], handle));
}

function implement<T extends AppRouter>(router: T, prefix: string[], handle: RouteHandler): RouterImplementation<T> {
  const implementation = Object.fromEntries(
    Object.entries(router).map(([key, node]): [string, unknown] => {
      const path = [...prefix, key];
      if (!isAppRoute(node)) return [key, implement(node, path, handle)];
      const id = path.join('.');
      return [key, ({ req, res }: { req: Request; res: Response }) => handle(id, req, res)];
    }),
  );
  // The walk mirrors the contract key for key, which the mapped type cannot see through Object.fromEntries.
  return implementation as RouterImplementation<T>;
}

/**
 * The contract as ts-rest registers it: same routes, methods, paths and responses, without request schemas,
 * so ts-rest validates nothing (it cannot be told not to). The core validates once, after authentication and
 * the policy, as Mage orders its checks.
 */
export function withoutRequestSchemas<T extends AppRouter>(router: T): T {
  const stripped = Object.fromEntries(
    Object.entries(router).map(([key, node]): [string, unknown] =>
      isAppRoute(node)
        ? [key, { ...node, pathParams: undefined, query: undefined, headers: undefined, ...('body' in node ? { body: undefined } : {}) }]
        : [key, withoutRequestSchemas(node)],
    ),
  );
  return stripped as T;
}
