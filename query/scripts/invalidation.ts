import type { RouteMeta } from '@pipeline-api/contract';
import type { Target } from '../src/core/route.js';

/**
 * What a successful write makes stale, decided from the contract's route metadata alone:
 * - the written resource, whole (its lists, infinite lists and details, under any parent);
 * - its parent: that parent's detail and lists when the path names the parent (its first param), else the whole
 *   parent resource (a shared block edited through `/api/blocks/:uuid` may sit in any pipeline);
 * - on anything but create, every resource nested under it (cancelling a run makes its block runs stale);
 * - the resources its metadata says it `changes` (starting a backfill makes runs), whole.
 */
export function invalidationRule(routes: readonly { meta: RouteMeta }[]) {
  const parentsOf = new Map<string, Set<string>>();
  const childrenOf = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string) => (map.get(key) ?? map.set(key, new Set()).get(key)!).add(value);
  for (const { meta } of routes) {
    if (!meta.parent) continue;
    add(parentsOf, meta.resource, meta.parent);
    add(childrenOf, meta.parent, meta.resource);
  }
  return (meta: RouteMeta, params: readonly string[]): Target[] => {
    const targets: Target[] = [[meta.resource]];
    for (const parent of parentsOf.get(meta.resource) ?? []) {
      if (meta.parent === parent && params.length > 0) targets.push([parent, 'detail', params[0]!], [parent, 'list'], [parent, 'infinite']);
      else targets.push([parent]);
    }
    if (meta.action !== 'create') for (const child of childrenOf.get(meta.resource) ?? []) targets.push([child]);
    for (const changed of meta.changes ?? []) if (!targets.some((t) => t.length === 1 && t[0] === changed)) targets.push([changed]);
    return targets;
  };
}
