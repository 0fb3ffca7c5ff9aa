import { contract, type Action, type ContractRoute } from '@pipeline-api/contract';
import type * as z from 'zod/mini';
import { authenticate, refuseAnonymous } from './auth/authenticate.js';
import { TokenDigests } from './auth/constant-time.js';
import { LoginThrottle } from './auth/login-throttle.js';
import type { Caller } from './auth/caller.js';
import { Cascades } from './cascade.js';
import { loadChunks } from './chunks.js';
import { DateTimes } from './clock.js';
import type { RequestContext, Services } from './context.js';
import { errorResponse, listBody, memberBody, wantsHttpErrorCodes, type CoreResponse, type EnvelopeError } from './envelope.js';
import { ApiError, badRequest } from './errors.js';
import type { PolicyContext } from './policy.js';
import { isPlainObject, type CoreRequest } from './request.js';
import { InstanceState } from './instance.js';
import type { ResourceModule, ResourceRegistry } from './resource.js';
import { ResponseMeter, ResponseTooLarge } from './response-budget.js';
import { RouteTable } from './routing.js';
import { fieldErrors, summarize } from './validation.js';

const MEMBER_ACTIONS: ReadonlySet<Action> = new Set(['detail', 'update', 'delete']);
/** The format a write's answer falls back to when its own would exceed the response budget. */
const LIGHT_FORMAT = 'compact';
/** Items presented between two turns of the event loop. */
const PRESENT_CHUNK = 20;

/**
 * Lets pending I/O run between chunks of a long answer: setImmediate, where there is one (Node, the server). Browsers
 * have none, and a timer there waits 4 ms or more per chunk: the mocks in a page answer in one go.
 */
declare const setImmediate: ((callback: () => void) => unknown) | undefined; // Node's; core is typed without Node's types
const nextTurn = typeof setImmediate === 'function' ? () => new Promise<void>((resolve) => setImmediate(resolve)) : undefined;
const WRITE_ACTIONS: ReadonlySet<Action> = new Set(['create', 'update']);

export interface CoreOptions extends Pick<Services, 'config' | 'repo' | 'clock' | 'random' | 'passwords'> {
  /** The resource module of every contract node (core/src/resources/index.ts). */
  modules: ResourceRegistry;
  /** Internal faults go here (the transport logs them); they never reach the response. */
  onInternalError?: (error: unknown, request: CoreRequest) => void;
}

export interface Outcome extends CoreResponse {
  /** The error code answered, for the transport's log line. */
  errorCode?: number;
}

/**
 * The one request pipeline, whatever the transport:
 * parse body -> authenticate -> parse query -> resource lookup -> policy: action -> policy: written attributes ->
 * validate -> policy: read attributes -> resource action -> presenter -> envelope.
 * Every check that can refuse runs before the action: a refused request changes nothing.
 */
export function createCore(options: CoreOptions) {
  const routes = new RouteTable(contract);
  const modules: ResourceModule[] = Object.values(options.modules);
  const credentials = modules.find((m) => m.credentials)?.credentials;
  if (!credentials) throw new Error('No resource module provides the credential store (sessions)');
  const services: Services = {
    config: options.config,
    repo: options.repo,
    clock: options.clock,
    random: options.random,
    passwords: options.passwords,
    loginThrottle: new LoginThrottle(options.config.loginThrottle, options.config.passwordChecks),
    credentials,
    digests: new TokenDigests(),
    dates: new DateTimes(),
    cascades: new Cascades(
      modules.flatMap((m) => m.cascades),
      () => services,
    ),
    instance: new InstanceState(),
  };

  // Each route with its module and, for a nested route, its parent's module: resolved once, not per request.
  const byNode = new Map<string, ResourceModule>(modules.map((m) => [m.node, m]));
  const topLevel = new Map<string, ResourceModule>();
  for (const route of routes.routes) {
    const module = byNode.get(route.node);
    if (module && !route.meta.parent) topLevel.set(route.meta.resource, module);
  }
  const plans = new Map<string, Plan>(
    routes.routes.map((route) => {
      const module = byNode.get(route.node);
      if (!module) throw new Error(`No resource module for ${route.node}`);
      const parent = route.meta.parent === undefined ? undefined : topLevel.get(route.meta.parent);
      if (route.meta.parent !== undefined && !parent) throw new Error(`No resource module for ${route.meta.parent}, the parent of ${route.id}`);
      return [route.id, { route, module, parent }];
    }),
  );

  /**
   * HTTP status codes for errors: the request's own `_http_error_codes` decides when it is sent (an empty value asks
   * for 200 answers); else the server's default (HTTP_ERROR_CODES=1).
   */
  const httpErrorCodes = (query: Record<string, unknown>) =>
    Object.hasOwn(query, '_http_error_codes') ? wantsHttpErrorCodes(query) : options.config.httpErrorCodes;

  function fail(error: unknown, request: CoreRequest): Outcome {
    const useCodes = httpErrorCodes(request.query);
    const apiError = error instanceof ApiError ? error : internal(error, request);
    return { ...errorResponse(apiError, useCodes), errorCode: apiError.code };
  }

  function internal(error: unknown, request: CoreRequest): ApiError {
    options.onInternalError?.(error, request);
    return new ApiError('internal_error');
  }

  async function run(routeId: string, request: CoreRequest): Promise<Outcome> {
    const plan = plans.get(routeId);
    if (!plan) throw new Error(`No contract route ${routeId}`);
    const { route: info, module, parent } = plan;
    const { meta, params: paramNames } = info;
    const { action } = meta;

    // parse
    // JSON `null` too: the document allows an object or no body at all, and so does the server.
    if (request.body !== undefined && !isPlainObject(request.body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const body = isPlainObject(request.body) ? request.body : {};

    // Code the request needs is loaded before the caller is known: a caller found before a wait could be deleted,
    // logged out or demoted during it. What is loaded depends only on the route and the raw payload.
    await loadChunks(module.node, action, info.payloadKey === undefined ? undefined : body[info.payloadKey]);

    // authenticate, before the query is validated: a caller without the API key learns nothing about it
    const caller: Caller = meta.public
      ? { user: null, role: null, token: null, decodedToken: null, authEnabled: false }
      : await authenticate(request, services, { readToken: !module.policy.isTokenless(action), queryToken: meta.queryToken === true });
    // A caller with the key but no session is refused before any lookup: 403 vs 404 would tell which records exist.
    refuseAnonymous(caller, action, module.policy);

    const query = parseQuery(info.query, request.query);
    // The contract gives every list route's `_limit` its default and maximum (meta.ts).
    const limit = typeof query._limit === 'number' ? query._limit : undefined;
    const offset = typeof query._offset === 'number' ? query._offset : 0;
    const format = typeof query._format === 'string' ? query._format : undefined;

    // Named fields rather than a spread of `services`: this object is built on every request.
    const ctx: RequestContext = {
      config: services.config,
      repo: services.repo,
      clock: services.clock,
      random: services.random,
      passwords: services.passwords,
      loginThrottle: services.loginThrottle,
      credentials: services.credentials,
      digests: services.digests,
      dates: services.dates,
      cascades: services.cascades,
      instance: services.instance,
      action,
      caller,
      params: request.params,
      query,
      meta: { limit, offset, format },
      payload: {},
      parent: undefined,
      request,
    };

    // resource lookup: the parent of a nested route is named by its first param, the member by its last.
    // From here to the action nothing awaits (lookups are synchronous), so no other request can change
    // what was looked up before the action runs; actions that await re-read what they write.
    if (parent) ctx.parent = memberOf(parent, request.params[paramNames[0]!]!, ctx);
    const record = MEMBER_ACTIONS.has(action) ? memberOf(module, request.params[paramNames[paramNames.length - 1]!]!, ctx) : undefined;

    // policy: action, query params, written attributes
    const rawPayload = info.payloadKey === undefined ? undefined : body[info.payloadKey];
    const policyCtx: PolicyContext = {
      caller,
      action,
      record,
      parent: ctx.parent,
      payload: isPlainObject(rawPayload) ? rawPayload : undefined,
    };
    module.policy.authorizeAction(policyCtx);
    module.policy.authorizeQuery(policyCtx, request.query);
    if (WRITE_ACTIONS.has(action) && isPlainObject(rawPayload)) {
      module.policy.authorizeWrites(policyCtx, Object.keys(rawPayload));
    }

    // validate the payload against the route's body schema
    if (WRITE_ACTIONS.has(action) && info.body) {
      const parsed = info.body.safeParse(body);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw new ApiError('record_invalid', `Record is invalid: ${summarize(errors)}.`, errors);
      }
      const value = isPlainObject(parsed.data) && info.payloadKey !== undefined ? parsed.data[info.payloadKey] : undefined;
      ctx.payload = isPlainObject(value) ? value : {};
    }

    // policy: read attributes, before the action: a refused request must change nothing
    const { resource, presenter, policy } = module;
    const chosen = presenter.resolveFormat(format, action);
    policy.authorizeReads(policyCtx, presenter.attributesOf(chosen));
    // A file route (a CSV download) answers its file instead of an envelope.
    if (info.file) {
      if (!module.file) throw new ApiError('method_not_allowed');
      return { status: 200, body: {}, file: module.file(record, ctx) };
    }

    // resource action; a delete is presented as the record was, so its associations load first
    const preloadedBeforeDelete = action === 'delete' && resource.preload ? resource.preload([record], ctx) : undefined;
    let records: unknown[];
    let listMeta: Record<string, unknown> | undefined;
    switch (action) {
      case 'list': {
        if (!resource.collection) throw new ApiError('method_not_allowed');
        const page = await resource.collection(ctx);
        records = page.records;
        const next = ctx.meta.limit !== undefined && offset + page.records.length < page.count;
        listMeta = { count: page.count, next, ...module.listMetadata?.(page) };
        break;
      }
      case 'create':
        if (!resource.create) throw notImplemented(action);
        records = [await resource.create(ctx)];
        break;
      case 'detail':
        records = [record];
        break;
      case 'update':
        if (!resource.update) throw notImplemented(action);
        records = [await resource.update(record, ctx)];
        break;
      case 'delete':
        if (!resource.delete) throw notImplemented(action);
        records = [await resource.delete(record, ctx)];
        break;
    }

    // presenter: answers are measured item by item as they are presented, so one over the budget stops being built at
    // the item that passes it, and is never written as text. A read over the budget is refused. A write is done by
    // now and the caller must learn it: its record is presented again in the light `compact` format where the
    // presenter has one (a pipeline without its blocks); a write of another record is answered whole, bounded by the
    // request body's limit.
    const preloaded = preloadedBeforeDelete ?? (resource.preload ? resource.preload(records, ctx) : undefined);
    const budget = services.config.maxResponseBytes;
    const write = WRITE_ACTIONS.has(action) || action === 'delete';
    const light = write && presenter.resolveFormat(LIGHT_FORMAT, action) === LIGHT_FORMAT ? LIGHT_FORMAT : undefined;
    let presented: unknown[];
    try {
      presented = await presentMeasured(records, chosen, write && !light ? undefined : new ResponseMeter(budget));
    } catch (error) {
      if (!(error instanceof ResponseTooLarge) || !light) throw error;
      presented = await presentMeasured(records, light, undefined);
    }
    return { status: 200, body: listMeta ? listBody(info.itemKey, presented, listMeta) : memberBody(info.itemKey, presented[0]) };

    async function presentMeasured(list: unknown[], format: string, meter: ResponseMeter | undefined): Promise<unknown[]> {
      const out: unknown[] = [];
      for (let i = 0; i < list.length; i++) {
        // A long page lets other requests in between its chunks (records are replaced whole, never changed in place,
        // so the page presented is the one read): a health check does not wait behind a dozen large lists.
        if (nextTurn && i > 0 && i % PRESENT_CHUNK === 0) await nextTurn();
        const item = presenter.present(list[i], { op: ctx, preloaded, format });
        meter?.add(item);
        out.push(item);
      }
      // The envelope around the items.
      meter?.add(listMeta ? listBody(info.itemKey, [], listMeta) : memberBody(info.itemKey, null));
      return out;
    }
  }

  function memberOf(module: ResourceModule, id: string, ctx: RequestContext) {
    if (!module.resource.member) throw new ApiError('method_not_allowed');
    return module.resource.member(id, ctx);
  }

  return {
    routes,
    /** What this instance owns: settings, storage, caches. */
    services,
    /** Runs a contract route (by its id, e.g. `pipelines.blocks.create`) and answers with the envelope. */
    async handle(routeId: string, request: CoreRequest): Promise<Outcome> {
      try {
        return await run(routeId, request);
      } catch (error) {
        return fail(error, request);
      }
    },
    /** Routes by method and path first: for transports without a router of their own. */
    async dispatch(request: Omit<CoreRequest, 'params'>): Promise<Outcome> {
      const { method, path, query, headers, body, client } = request;
      try {
        const matched = routes.match(method, path);
        if (!matched) throw routes.unmatched(method, path);
        return await this.handle(matched.route.id, { method, path, params: matched.params, query, headers, body, client });
      } catch (error) {
        return fail(error, { method, path, params: {}, query, headers, body });
      }
    },
    /** The envelope for a failure the transport detected (bad JSON, body too large, no route). */
    failure(error: EnvelopeError, request: Pick<CoreRequest, 'query'>): Outcome {
      return { ...errorResponse(error, httpErrorCodes(request.query)), errorCode: error.code };
    },
  };
}

export type Core = ReturnType<typeof createCore>;

interface Plan {
  route: ContractRoute;
  module: ResourceModule;
  /** The parent's module on a nested route: its member lookup finds the parent record. */
  parent: ResourceModule | undefined;
}

function notImplemented(action: Action): ApiError {
  return new ApiError('method_not_allowed', `The ${action} action is not implemented.`);
}

function parseQuery(schema: z.ZodMiniType | undefined, raw: Record<string, unknown>): Record<string, unknown> {
  if (!schema) return {};
  const parsed = schema.safeParse(raw);
  if (parsed.success) return isPlainObject(parsed.data) ? parsed.data : {};
  const errors = fieldErrors(parsed.error);
  throw badRequest(`Invalid query parameters: ${summarize(errors)}.`, errors);
}
