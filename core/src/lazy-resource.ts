import type { NodeId } from '@pipeline-api/contract';
import { lazyModule, type LazyModule } from './lazy-module.js';
import type { ResourceModule } from './resource.js';

/** A registry entry whose module is imported on the first request to one of its routes (see lazyResource). */
export interface LazyResource<Id extends NodeId = NodeId> {
  readonly node: Id;
  readonly lazy: true;
  /** Imports the module (once; a failed import is tried again). */
  load(): Promise<ResourceModule<Id>>;
  /** The module once its chunk is imported (by any entry of the same chunk), else undefined. */
  readonly loaded: ResourceModule<Id> | undefined;
}

/** One folder's chunk: several nodes (`backfills`, `pipelines.backfills`) share one import. */
export const resourceChunk = <M>(importer: () => Promise<M>): LazyModule<M> => lazyModule(importer);

/**
 * A resource module loaded on first use: its folder becomes a chunk of its own that a page never calling it never
 * downloads. `pick` names the node's module in the chunk: one of another node does not compile. The request
 * pipeline awaits it before authenticating (operation/code-loading.ts); an API over a given repository loads every
 * lazy module before it opens its tables (api.ts). A lazy module provides no credential store.
 */
export function lazyResource<Id extends NodeId, M>(node: Id, chunk: LazyModule<M>, pick: (loaded: M) => ResourceModule<NoInfer<Id>>): LazyResource<Id> {
  const checked = (loaded: M): ResourceModule<Id> => {
    const module = pick(loaded);
    if (module.credentials) throw new Error(`The lazy resource ${node} provides a credential store: sessions must be eager`);
    return module;
  };
  return {
    node,
    lazy: true,
    load: async () => checked(await chunk.load()),
    get loaded() {
      const loaded = chunk.loaded;
      return loaded === undefined ? undefined : checked(loaded);
    },
  };
}

/** A registry entry: the module itself (in the page at boot), or a lazy one. */
export type RegistryEntry<Id extends NodeId = NodeId> = ResourceModule<Id> | LazyResource<Id>;

export const isLazy = (entry: RegistryEntry): entry is LazyResource => 'lazy' in entry;

/** Every entry's module, the lazy ones imported first: for code that reads them all (a durable repository, tests). */
export const loadAllModules = (entries: Iterable<RegistryEntry>): Promise<ResourceModule[]> =>
  Promise.all([...entries].map((entry) => (isLazy(entry) ? entry.load() : Promise.resolve(entry))));
