import { isAppRoute, type AppRoute, type AppRouter } from '@ts-rest/core';
import type { RouteMeta } from './route-meta.js';

export interface ContractRoute {
  /** Dotted key in the router, e.g. `pipelines.blocks.create`: stable, used as the operationId. */
  id: string;
  route: AppRoute;
  meta: RouteMeta;
}

/** Every route of a router, depth first in declaration order. */
export function walkContract(router: AppRouter, prefix: string[] = []): ContractRoute[] {
  return Object.entries(router).flatMap(([key, node]) =>
    isAppRoute(node)
      ? [{ id: [...prefix, key].join('.'), route: node, meta: node.metadata as RouteMeta }]
      : walkContract(node as AppRouter, [...prefix, key]),
  );
}
