import { contract } from '@pipeline-api/contract';
import type { Services } from './context.js';
import type { EnvelopeError, Outcome } from './envelope.js';
import { ApiError } from './errors.js';
import { isLazy } from './lazy-resource.js';
import { CodeLoader, ModuleAttachments } from './operation/code-loading.js';
import { Failures, type InternalErrorSink } from './operation/failures.js';
import { QueryParser } from './operation/parse.js';
import { planRoutes } from './operation/plans.js';
import { requestRunner } from './operation/run.js';
import { createServices, type GivenServices } from './operation/services.js';
import { routingMethod } from './raw-request.js';
import type { CoreRequest } from './request.js';
import type { ResourceRegistry } from './resource.js';
import { RouteTable } from './routing.js';

export type { Outcome } from './envelope.js';

export interface CoreOptions extends GivenServices {
  /** The resource module of every contract node (core/src/resources/index.ts). */
  modules: ResourceRegistry;
  /** Internal faults go here (the transport logs them); they never reach the response. */
  onInternalError?: InternalErrorSink;
}

/**
 * The one request pipeline, whatever the transport, in named parts under operation/: the services an instance owns
 * (services.ts), each route's plan (plans.ts), the code a request loads first (code-loading.ts), the steps in order
 * (run.ts: parse body -> load code -> authenticate -> parse query -> build context -> look up -> policy: action,
 * query, written attributes -> validate -> policy: read attributes -> act -> present within the budget), the budget's
 * fallback (budget-fallback.ts) and the envelope of a failure (failures.ts). This is the API over them.
 */
export function createCore(options: CoreOptions) {
  const routes = new RouteTable(contract);
  const entries = Object.values(options.modules);
  const services: Services = createServices(
    options,
    entries.flatMap((entry) => (isLazy(entry) ? [] : [entry])),
  );
  const attachments = new ModuleAttachments(services);
  // Lazy modules some API already imported (every one, over a given repository) join now.
  attachments.attachLoaded(entries);
  const run = requestRunner(new CodeLoader(planRoutes(routes.routes, entries), entries, attachments), new QueryParser(), services);
  const failures = new Failures(options.config, options.onInternalError);

  return {
    routes,
    /** What this instance owns: settings, storage, caches. */
    services,
    /** Runs a contract route (by its id, e.g. `pipelines.blocks.create`) and answers with the envelope. */
    async handle(routeId: string, request: CoreRequest): Promise<Outcome> {
      try {
        return await run(routeId, request);
      } catch (error) {
        return failures.fail(error, request);
      }
    },
    /** Routes by method and path first, with the route table (HEAD as GET, 404, 405): for callers without a router. */
    async dispatch(request: Omit<CoreRequest, 'params'>): Promise<Outcome> {
      const { method, path, query, headers, body, client } = request;
      const matched = routes.resolve(method, path);
      if (matched instanceof ApiError) return failures.fail(matched, { method, path, params: {}, query, headers, body });
      return this.handle(matched.route.id, { method: routingMethod(method), path, params: matched.params, query, headers, body, client });
    },
    /** The envelope for a failure the transport detected (bad JSON, body too large, no route). */
    failure(error: EnvelopeError, request: Pick<CoreRequest, 'query'>): Outcome {
      return failures.envelope(error, request);
    },
  };
}

export type Core = ReturnType<typeof createCore>;
