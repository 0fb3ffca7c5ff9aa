import { contract, type Action, type ContractRoute } from '@pipeline-api/contract';
import type * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { authenticate, refuseAnonymous } from './auth/authenticate.js';
import { TokenDigests } from './auth/constant-time.js';
import { LoginThrottle } from './auth/login-throttle.js';
import type { Caller } from './auth/caller.js';
import { Cascades } from './cascade.js';
import { loadChunks } from './chunks.js';
import { DateTimes } from './clock.js';
import type { RequestContext, Services } from './context.js';
import { errorResponse, wantsHttpErrorCodes, type CoreResponse, type EnvelopeError } from './envelope.js';
import { ApiError, badRequest } from './errors.js';
import type { PolicyContext } from './policy.js';
import { routingMethod } from './raw-request.js';
import { isPlainObject, WRITE_ACTIONS, type CoreRequest } from './request.js';
import { InstanceState } from './instance.js';
import { isLazy, type RegistryEntry } from './lazy-resource.js';
import type { Page, ResourceModule, ResourceRegistry } from './resource.js';
import { ResponseTooLarge } from './response-budget.js';
import { Presentation } from './presentation.js';
import { RouteTable } from './routing.js';
import { compiledBody, fieldErrors, summarize } from './validation.js';

const MEMBER_ACTIONS: ReadonlySet<Action> = new Set(['detail', 'update', 'delete']);
/** The format a write's answer falls back to when its own would exceed the response budget. */
const LIGHT_FORMAT = 'compact';
/** The caller of a public route (the health check): nobody, authentication not consulted. */
const PUBLIC_CALLER: Caller = Object.freeze({ user: null, role: null, token: null, decodedToken: null, authEnabled: false });

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
 * The one request pipeline, whatever the transport (run() below, step by step):
 * parse body -> load code -> authenticate -> parse query -> build context -> look up -> policy: action, query,
 * written attributes -> validate -> policy: read attributes -> act -> present within the budget -> envelope.
 */
export function createCore(options: CoreOptions) {
  const routes = new RouteTable(contract);
  const entries: RegistryEntry[] = Object.values(options.modules);
  // The eager modules; lazy ones join when loaded (attach, below), the credential store is never one of theirs.
  const modules = entries.flatMap((entry) => (isLazy(entry) ? [] : [entry]));
  const credentials = modules.find((m) => m.credentials)?.credentials;
  if (!credentials) throw new Error('No resource module provides the credential store (sessions)');
  const services: Services = {
    config: options.config,
    repo: options.repo,
    clock: options.clock,
    random: options.random,
    passwords: options.passwords,
    loginThrottle: new LoginThrottle(
      { ...options.config.loginThrottle, accountMaxFailures: options.config.accountLoginMaxFailures },
      options.config.passwordChecks,
    ),
    credentials,
    digests: new TokenDigests(),
    dates: new DateTimes(),
    cascades: new Cascades(
      modules.flatMap((m) => m.cascades),
      () => services,
    ),
    instance: new InstanceState(),
  };

  /** The lazy modules this instance has taken in: their tables opened in its repository, their cascades added. */
  const attached = new Set<ResourceModule>();
  const attach = (module: ResourceModule) => {
    if (attached.has(module)) return;
    attached.add(module);
    for (const table of module.tables) table.in(options.repo);
    services.cascades.add(module.cascades);
  };
  // Lazy modules some API already imported (every one, over a given repository) join now.
  for (const entry of entries) if (isLazy(entry) && entry.loaded) attach(entry.loaded);

  // Each route with its module and, for a nested route, its parent's module: resolved once, not per request. A route
  // of a lazy module has its plan once the module is loaded (loadCode); until then it waits in `unloaded`.
  const byNode = new Map<string, RegistryEntry>(entries.map((entry) => [entry.node, entry]));
  const topLevel = new Map<string, RegistryEntry>();
  for (const route of routes.routes) {
    const entry = byNode.get(route.node);
    if (entry && !route.meta.parent) topLevel.set(route.meta.resource, entry);
  }
  const plans = new Map<string, Plan>();
  const unloaded = new Map<string, UnloadedPlan>();
  for (const route of routes.routes) {
    const entry = byNode.get(route.node);
    if (!entry) throw new Error(`No resource module for ${route.node}`);
    const parent = route.meta.parent === undefined ? undefined : topLevel.get(route.meta.parent);
    if (route.meta.parent !== undefined && !parent) throw new Error(`No resource module for ${route.meta.parent}, the parent of ${route.id}`);
    const module = isLazy(entry) ? entry.loaded : entry;
    const parentModule = parent && isLazy(parent) ? parent.loaded : parent;
    if (module && (parentModule || !parent)) plans.set(route.id, planOf(route, module, parentModule));
    else unloaded.set(route.id, { route, entry, parent });
  }

  /**
   * The route's query as its schema parses it. Most requests send none: what the schema makes of no params (its
   * defaults) is the same every time, so it is parsed once per route and copied.
   */
  const noParams = new Map<string, Record<string, unknown>>();
  function queryOf(route: ContractRoute, raw: Record<string, unknown>): Record<string, unknown> {
    if (!isEmpty(raw)) return parseQuery(route.query, raw);
    let parsed = noParams.get(route.id);
    if (parsed === undefined) {
      parsed = parseQuery(route.query, raw);
      noParams.set(route.id, parsed);
    }
    return { ...parsed };
  }

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

  /**
   * One request, as a list of named steps. Every check that can refuse runs before the action: a refused request
   * changes nothing.
   */
  async function run(routeId: string, request: CoreRequest): Promise<Outcome> {
    const body = bodyObject(request);
    // Steps that may wait answer a promise only when they do: most requests run through without a turn.
    const loading = loadCode(routeId, body);
    const plan = loading instanceof Promise ? await loading : loading;
    const authenticating = authenticateCaller(plan, request);
    const caller = authenticating instanceof Promise ? await authenticating : authenticating;
    const query = queryOf(plan.route, request.query);
    const ctx = buildContext(plan, request, caller, query);
    const record = lookUp(plan, ctx);
    const policyCtx = authorize(plan, ctx, record, body);
    validate(plan, body, ctx);
    const format = authorizeReads(plan, policyCtx, ctx.meta.format);
    if (plan.route.file) return answerFile(plan, record, ctx);
    const acting = act(plan, record, ctx);
    const result = acting instanceof Promise ? await acting : acting;
    return presentWithinBudget(plan, result, ctx, format);
  }

  /**
   * Code the request needs, loaded before the caller is known: a caller found before a wait could be deleted, logged
   * out or demoted during it. What is loaded depends only on the route and the raw payload.
   */
  function loadCode(routeId: string, body: Record<string, unknown>): Plan | Promise<Plan> {
    const plan = plans.get(routeId);
    if (!plan) return loadModule(routeId, body);
    const chunks = loadChunks(plan.module.node, plan.route.meta.action, plan.route.payloadKey === undefined ? undefined : body[plan.route.payloadKey]);
    return chunks === undefined ? plan : chunks.then(() => plan);
  }

  /** The first request to a route of a lazy module: imports it (and a lazy parent), then plans the route like every other. */
  async function loadModule(routeId: string, body: Record<string, unknown>): Promise<Plan> {
    const waiting = unloaded.get(routeId);
    if (!waiting) throw new Error(`No contract route ${routeId}`);
    const { route, entry, parent } = waiting;
    const [module, parentModule] = await Promise.all([load(entry), parent && load(parent)]);
    // Every lazy module now at hand joins, not only this one: modules of one chunk (backfills and pipelines.backfills)
    // load together, and a row one of them makes may need the cascades another declares.
    for (const other of entries) if (isLazy(other) && other.loaded) attach(other.loaded);
    const plan = planOf(route, module, parentModule);
    plans.set(routeId, plan);
    unloaded.delete(routeId);
    return loadCode(routeId, body);
  }

  /**
   * The caller, before the query is validated: a caller without the API key learns nothing about it. A caller with
   * the key but no session is refused before any lookup: 403 vs 404 would tell which records exist.
   */
  function authenticateCaller({ route, module }: Plan, request: CoreRequest): Caller | Promise<Caller> {
    const { action } = route.meta;
    if (route.meta.public) return PUBLIC_CALLER;
    const caller = authenticate(request, services, { readToken: !module.policy.isTokenless(action), queryToken: route.meta.queryToken === true });
    if (caller instanceof Promise) return caller.then((found) => refuseAnonymous(found, action, module.policy));
    return refuseAnonymous(caller, action, module.policy);
  }

  /** The context a resource action reads, built once per request. */
  function buildContext({ route }: Plan, request: CoreRequest, caller: Caller, query: Record<string, unknown>): RequestContext {
    // The contract gives every list route's `_limit` its default and maximum (meta.ts).
    const limit = typeof query._limit === 'number' ? query._limit : undefined;
    const offset = typeof query._offset === 'number' ? query._offset : 0;
    const format = typeof query._format === 'string' ? query._format : undefined;
    // Named fields rather than a spread of `services`: this object is built on every request.
    return {
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
      action: route.meta.action,
      caller,
      params: request.params,
      query,
      meta: { limit, offset, format },
      payload: {},
      parent: undefined,
      request,
    };
  }

  /**
   * The parent of a nested route is named by its first param, the member by its last. From here to the action nothing
   * awaits (lookups are synchronous), so no other request can change what was looked up before the action runs;
   * actions that await re-read what they write.
   */
  function lookUp({ route, module, parent }: Plan, ctx: RequestContext): unknown {
    const names = route.params;
    try {
      if (parent) ctx.parent = memberOf(parent, ctx.params[names[0]!]!, ctx);
      return MEMBER_ACTIONS.has(ctx.action) ? memberOf(module, ctx.params[names[names.length - 1]!]!, ctx) : undefined;
    } catch (error) {
      // No existence oracle: a caller the policy refuses whatever the record gets that refusal for a free id too, the
      // answer it gets for a taken one. Only a caller who may act on some record learns that this one is missing.
      if (error instanceof ApiError && error.type === 'record_not_found') module.policy.authorizeAction({ caller: ctx.caller, action: ctx.action });
      throw error;
    }
  }

  /** The policy: the action, the query params, the attributes written. */
  function authorize({ route, module }: Plan, ctx: RequestContext, record: unknown, body: Record<string, unknown>): PolicyContext {
    const rawPayload = route.payloadKey === undefined ? undefined : body[route.payloadKey];
    const policyCtx: PolicyContext = {
      caller: ctx.caller,
      action: ctx.action,
      record,
      parent: ctx.parent,
      payload: isPlainObject(rawPayload) ? rawPayload : undefined,
    };
    module.policy.authorizeAction(policyCtx);
    module.policy.authorizeQuery(policyCtx, ctx.request.query);
    if (WRITE_ACTIONS.has(ctx.action) && policyCtx.payload) module.policy.authorizeWrites(policyCtx, Object.keys(policyCtx.payload));
    return policyCtx;
  }

  /** The payload against the route's body schema; the validated attributes become `ctx.payload`. */
  function validate({ route, body: schema }: Plan, body: Record<string, unknown>, ctx: RequestContext): void {
    if (!WRITE_ACTIONS.has(ctx.action) || !schema) return;
    const parsed = safeParse(schema, body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      throw new ApiError('record_invalid', `Record is invalid: ${summarize(errors)}.`, errors);
    }
    const value = isPlainObject(parsed.data) && route.payloadKey !== undefined ? parsed.data[route.payloadKey] : undefined;
    ctx.payload = isPlainObject(value) ? value : {};
  }

  /** The attributes the chosen format presents, checked before the action: a refused request must change nothing. */
  function authorizeReads({ module }: Plan, policyCtx: PolicyContext, format: string | undefined): string {
    // An anonymous caller in the public scope reads that scope's format, whatever it asked for (Mage's parsers).
    const chosen = module.policy.publicFormat(policyCtx) ?? module.presenter.resolveFormat(format, policyCtx.action);
    module.policy.authorizeReads(policyCtx, module.presenter.attributesOf(chosen));
    return chosen;
  }

  /** A file route (a CSV download) answers its file instead of an envelope. */
  function answerFile({ module }: Plan, record: unknown, ctx: RequestContext): Outcome {
    if (!module.file) throw new ApiError('method_not_allowed');
    return { status: 200, body: {}, file: module.file(record, ctx) };
  }

  /** The resource action; a delete is presented as the record was, so its associations load first. */
  function act({ module }: Plan, record: unknown, ctx: RequestContext): ActionResult | Promise<ActionResult> {
    const { resource } = module;
    switch (ctx.action) {
      case 'list': {
        if (!resource.collection) throw new ApiError('method_not_allowed');
        const page = resource.collection(ctx);
        return page instanceof Promise ? page.then((read) => listed(module, read, ctx)) : listed(module, page, ctx);
      }
      case 'create':
        if (!resource.create) throw notImplemented(ctx.action);
        return resource.create(ctx).then(one);
      case 'detail':
        return { records: [record] };
      case 'update':
        if (!resource.update) throw notImplemented(ctx.action);
        return resource.update(record, ctx).then(one);
      case 'delete': {
        if (!resource.delete) throw notImplemented(ctx.action);
        const preloaded = resource.preload ? resource.preload([record], ctx) : undefined;
        return resource.delete(record, ctx).then((deleted) => ({ records: [deleted], preloaded }));
      }
    }
  }

  /**
   * The presenter, within the response budget: answers are measured item by item as they are presented, so one over
   * the budget stops being built at the item that passes it, and is never written as text. A read over the budget is
   * refused. A write is done by now and the caller must learn it: its record is presented again in the light `compact`
   * format where the presenter has one (a pipeline without its blocks); a write of another record is answered whole,
   * bounded by the request body's limit.
   */
  function presentWithinBudget(plan: Plan, result: ActionResult, ctx: RequestContext, chosen: string): Outcome | Promise<Outcome> {
    const { resource, presenter } = plan.module;
    const preloaded = result.preloaded ?? (resource.preload ? resource.preload(result.records, ctx) : undefined);
    const write = WRITE_ACTIONS.has(ctx.action) || ctx.action === 'delete';
    const light = write && presenter.resolveFormat(LIGHT_FORMAT, ctx.action) === LIGHT_FORMAT ? LIGHT_FORMAT : undefined;
    if (!light) return present(plan, result, ctx, preloaded, chosen, write ? undefined : services.config.maxResponseBytes);
    let outcome: Outcome | Promise<Outcome>;
    try {
      outcome = present(plan, result, ctx, preloaded, chosen, services.config.maxResponseBytes);
    } catch (error) {
      return presentLight(error, plan, result, ctx, preloaded, light);
    }
    return outcome instanceof Promise ? outcome.catch((error: unknown) => presentLight(error, plan, result, ctx, preloaded, light)) : outcome;
  }

  /** The answer in `format`, within `budget` bytes (undefined: unmeasured). */
  function present({ route, module }: Plan, result: ActionResult, ctx: RequestContext, preloaded: unknown, format: string, budget: number | undefined) {
    return new Presentation(module.presenter, result.records, route.itemKey, result.listMeta, { op: ctx, preloaded, format }, budget).answer();
  }

  /** A write's answer over the budget, again in the light format, unmeasured; any other error stands. */
  function presentLight(error: unknown, plan: Plan, result: ActionResult, ctx: RequestContext, preloaded: unknown, light: string) {
    if (!(error instanceof ResponseTooLarge)) throw error;
    return present(plan, result, ctx, preloaded, light, undefined);
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
    /** Routes by method and path first, with the route table (HEAD as GET, 404, 405): for callers without a router. */
    async dispatch(request: Omit<CoreRequest, 'params'>): Promise<Outcome> {
      const { method, path, query, headers, body, client } = request;
      const matched = routes.resolve(method, path);
      if (matched instanceof ApiError) return fail(matched, { method, path, params: {}, query, headers, body });
      return this.handle(matched.route.id, { method: routingMethod(method), path, params: matched.params, query, headers, body, client });
    },
    /** The envelope for a failure the transport detected (bad JSON, body too large, no route). */
    failure(error: EnvelopeError, request: Pick<CoreRequest, 'query'>): Outcome {
      return { ...errorResponse(error, httpErrorCodes(request.query)), errorCode: error.code };
    },
  };
}

export type Core = ReturnType<typeof createCore>;

/** What the action answers: the records to present, a list's metadata, associations loaded before a delete. */
interface ActionResult {
  records: unknown[];
  listMeta?: Record<string, unknown>;
  preloaded?: unknown;
}

interface Plan {
  route: ContractRoute;
  module: ResourceModule;
  /** The parent's module on a nested route: its member lookup finds the parent record. */
  parent: ResourceModule | undefined;
  /** The route's body schema, compiled (compiledBody); undefined when it takes no body. */
  body: z.core.$ZodType | undefined;
}

const planOf = (route: ContractRoute, module: ResourceModule, parent: ResourceModule | undefined): Plan => ({
  route,
  module,
  parent,
  body: route.body && compiledBody(route.body),
});

/** A route whose module (or parent's) is lazy and not imported yet. */
interface UnloadedPlan {
  route: ContractRoute;
  entry: RegistryEntry;
  parent: RegistryEntry | undefined;
}

/** A list's page with its metadata. */
function listed(module: ResourceModule, page: Page<unknown>, ctx: RequestContext): ActionResult {
  const next = ctx.meta.limit !== undefined && ctx.meta.offset + page.records.length < page.count;
  return { records: page.records, listMeta: { count: page.count, next, ...module.listMetadata?.(page, ctx) } };
}

/** The answer of an action on one record. */
const one = (record: unknown): ActionResult => ({ records: [record] });

const load = (entry: RegistryEntry): ResourceModule | Promise<ResourceModule> => (isLazy(entry) ? entry.load() : entry);

function notImplemented(action: Action): ApiError {
  return new ApiError('method_not_allowed', `The ${action} action is not implemented.`);
}

/** The body as an object, or {} when there is none: JSON `null` is refused too (the document allows an object or no body). */
function bodyObject(request: CoreRequest): Record<string, unknown> {
  if (request.body === undefined) return {};
  if (!isPlainObject(request.body)) throw badRequest('The request body must be a JSON object.');
  return request.body;
}

/** Whether an object has no own enumerable keys, without listing them. */
function isEmpty(value: Record<string, unknown>): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

function parseQuery(schema: z.ZodMiniType | undefined, raw: Record<string, unknown>): Record<string, unknown> {
  if (!schema) return {};
  const parsed = schema.safeParse(raw);
  if (parsed.success) return isPlainObject(parsed.data) ? parsed.data : {};
  const errors = fieldErrors(parsed.error);
  throw badRequest(`Invalid query parameters: ${summarize(errors)}.`, errors);
}
