import { loadChunks } from '../chunks.js';
import type { Services } from '../context.js';
import { isLazy, type RegistryEntry } from '../lazy-resource.js';
import type { ResourceModule } from '../resource.js';
import { planOf, type Plan, type RoutePlans } from './plans.js';

/** The lazy modules one instance has taken in: their tables opened in its repository, their cascades added, once each. */
export class ModuleAttachments {
  readonly #attached = new Set<ResourceModule>();
  readonly #services: Services;

  constructor(services: Services) {
    this.#services = services;
  }

  /**
   * Every lazy module now at hand joins, not only the one a request asked for: modules of one chunk (backfills and
   * pipelines.backfills) load together, and a row one of them makes may need the cascades another declares.
   */
  attachLoaded(entries: Iterable<RegistryEntry>): void {
    for (const entry of entries) if (isLazy(entry) && entry.loaded) this.#attach(entry.loaded);
  }

  #attach(module: ResourceModule): void {
    if (this.#attached.has(module)) return;
    this.#attached.add(module);
    for (const table of module.tables) table.in(this.#services.repo);
    this.#services.cascades.add(module.cascades);
  }
}

/**
 * Code a request needs, loaded before the caller is known: a caller found before a wait could be deleted, logged out
 * or demoted during it. What is loaded depends only on the route and the raw payload: a lazy resource module (and a
 * lazy parent) on the first request to one of its routes, then the chunks its action needs (chunks.ts).
 */
export class CodeLoader {
  readonly #plans: RoutePlans;
  readonly #entries: readonly RegistryEntry[];
  readonly #attachments: ModuleAttachments;

  constructor(plans: RoutePlans, entries: readonly RegistryEntry[], attachments: ModuleAttachments) {
    this.#plans = plans;
    this.#entries = entries;
    this.#attachments = attachments;
  }

  /** The route's plan, once its code is at hand: a promise only when something must be loaded. */
  load(routeId: string, body: Record<string, unknown>): Plan | Promise<Plan> {
    const plan = this.#plans.planned.get(routeId);
    if (!plan) return this.#loadModule(routeId, body);
    const { route } = plan;
    const chunks = loadChunks(plan.module.node, route.meta.action, route.payloadKey === undefined ? undefined : body[route.payloadKey]);
    return chunks === undefined ? plan : chunks.then(() => plan);
  }

  /** The first request to a route of a lazy module: imports it (and a lazy parent), then plans the route like every other. */
  async #loadModule(routeId: string, body: Record<string, unknown>): Promise<Plan> {
    const waiting = this.#plans.unloaded.get(routeId);
    if (!waiting) throw new Error(`No contract route ${routeId}`);
    const { route, entry, parent } = waiting;
    const [module, parentModule] = await Promise.all([load(entry), parent && load(parent)]);
    this.#attachments.attachLoaded(this.#entries);
    this.#plans.planned.set(routeId, planOf(route, module, parentModule));
    this.#plans.unloaded.delete(routeId);
    return this.load(routeId, body);
  }
}

const load = (entry: RegistryEntry): ResourceModule | Promise<ResourceModule> => (isLazy(entry) ? entry.load() : entry);
