import type { ContractRoute } from '@pipeline-api/contract';
import type * as z from 'zod/mini';
import { isLazy, type RegistryEntry } from '../lazy-resource.js';
import type { ResourceModule } from '../resource.js';
import { compiledBody } from '../validation.js';

/** A route with what serves it, resolved once, not per request. */
export interface Plan {
  route: ContractRoute;
  module: ResourceModule;
  /** The parent's module on a nested route: its member lookup finds the parent record. */
  parent: ResourceModule | undefined;
  /** The route's body schema, compiled (compiledBody); undefined when it takes no body. */
  body: z.core.$ZodType | undefined;
}

/** A route whose module (or parent's) is lazy and not imported yet. */
export interface UnloadedPlan {
  route: ContractRoute;
  entry: RegistryEntry;
  parent: RegistryEntry | undefined;
}

/** Every route of the contract: planned now, or waiting for its lazy module (code-loading.ts plans it then). */
export interface RoutePlans {
  planned: Map<string, Plan>;
  unloaded: Map<string, UnloadedPlan>;
}

export const planOf = (route: ContractRoute, module: ResourceModule, parent: ResourceModule | undefined): Plan => ({
  route,
  module,
  parent,
  body: route.body && compiledBody(route.body),
});

/**
 * Each route with its module and, for a nested route, its parent's module. A route of a lazy module not loaded yet
 * waits in `unloaded`. A route without a module, or a nested one without its parent's, is a fault of the registry.
 */
export function planRoutes(routes: readonly ContractRoute[], entries: readonly RegistryEntry[]): RoutePlans {
  const byNode = new Map<string, RegistryEntry>(entries.map((entry) => [entry.node, entry]));
  const topLevel = new Map<string, RegistryEntry>();
  for (const route of routes) {
    const entry = byNode.get(route.node);
    if (entry && !route.meta.parent) topLevel.set(route.meta.resource, entry);
  }
  const planned = new Map<string, Plan>();
  const unloaded = new Map<string, UnloadedPlan>();
  for (const route of routes) {
    const entry = byNode.get(route.node);
    if (!entry) throw new Error(`No resource module for ${route.node}`);
    const parent = route.meta.parent === undefined ? undefined : topLevel.get(route.meta.parent);
    if (route.meta.parent !== undefined && !parent) throw new Error(`No resource module for ${route.meta.parent}, the parent of ${route.id}`);
    const module = isLazy(entry) ? entry.loaded : entry;
    const parentModule = parent && isLazy(parent) ? parent.loaded : parent;
    if (module && (parentModule || !parent)) planned.set(route.id, planOf(route, module, parentModule));
    else unloaded.set(route.id, { route, entry, parent });
  }
  return { planned, unloaded };
}
