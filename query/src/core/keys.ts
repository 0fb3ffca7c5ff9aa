import type { ResourceName } from '../generated/types.js';

/**
 * Key prefixes for invalidating, refetching or removing by hand. Every key a factory makes starts with its
 * resource, then `list`, `infinite` or `detail`: `['pipelines']` covers them all.
 */
export const queryKeys = {
  all: (resource: ResourceName) => [resource] as const,
  lists: (resource: ResourceName) => [resource, 'list'] as const,
  infinite: (resource: ResourceName) => [resource, 'infinite'] as const,
  detail: (resource: ResourceName, id: string | number) => [resource, 'detail', String(id)] as const,
};
