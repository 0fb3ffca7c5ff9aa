import { contract, type Action } from '@pipeline-api/contract';
import type { z } from 'zod';
import { authenticate } from './auth/authenticate.js';
import { LoginThrottle } from './auth/login-throttle.js';
import type { Caller } from './auth/caller.js';
import type { OperationContext, Services } from './context.js';
import { errorResponse, listBody, memberBody, wantsHttpErrorCodes, type CoreResponse, type EnvelopeError } from './envelope.js';
import { ApiError, badRequest } from './errors.js';
import type { PolicyContext } from './policy.js';
import { isPlainObject, type CoreRequest } from './request.js';
import type { ResourceModule } from './resource.js';
import { RouteTable } from './routing.js';
import { fieldErrors, summarize } from './validation.js';

const MEMBER_ACTIONS: ReadonlySet<Action> = new Set(['detail', 'update', 'delete']);
const WRITE_ACTIONS: ReadonlySet<Action> = new Set(['create', 'update']);

export interface CoreOptions extends Omit<Services, 'loginThrottle'> {
  /** Resource modules by name; a nested view registers as `<parent>/<name>`. */
  modules: Record<string, ResourceModule>;
  /** Internal faults go here (the transport logs them); they never reach the response. */
  onInternalError?: (error: unknown, request: CoreRequest) => void;
}

export interface Outcome extends CoreResponse {
  /** The error code answered, for the transport's log line. */
  errorCode?: number;
}

/**
 * The one request pipeline, whatever the transport:
 * parse -> authenticate -> resource lookup -> policy: action -> policy: written attributes ->
 * validate -> resource action -> policy: read attributes -> presenter -> envelope.
 */
export function createCore(options: CoreOptions) {
  const routes = new RouteTable(contract);
  const services: Services = {
    config: options.config,
    repo: options.repo,
    clock: options.clock,
    random: options.random,
    loginThrottle: new LoginThrottle(options.config.loginThrottle),
  };

  const moduleFor = (resource: string, parent?: string): ResourceModule => {
    const module = (parent && options.modules[`${parent}/${resource}`]) || options.modules[resource];
    if (!module) throw new Error(`No resource module for ${parent ? `${parent}/` : ''}${resource}`);
    return module;
  };

  /** HTTP status codes for errors: by the server's config (HTTP_ERROR_CODES=1), or per request (`_http_error_codes`). */
  const httpErrorCodes = (query: Record<string, unknown>) => options.config.httpErrorCodes || wantsHttpErrorCodes(query);

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
    const { route, meta, paramNames } = routes.get(routeId);
    const module = moduleFor(meta.resource, meta.parent);
    const { action } = meta;

    // parse
    // JSON `null` too: the document allows an object or no body at all, and so does the server.
    if (request.body !== undefined && !isPlainObject(request.body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const body = isPlainObject(request.body) ? request.body : {};
    const query = parseQuery(route.query as z.ZodType | null, request.query);
    const limit = typeof query._limit === 'number' ? query._limit : module.defaultLimit;
    const offset = typeof query._offset === 'number' ? query._offset : 0;
    const format = typeof query._format === 'string' ? query._format : undefined;

    // authenticate
    const caller: Caller = meta.public
      ? { user: null, role: null, token: null, decodedToken: null, authEnabled: false }
      : await authenticate(request, services, { readToken: !module.policy.isTokenless(action) });

    // Named fields rather than a spread of `services`: this object is built on every request.
    const ctx: OperationContext = {
      config: services.config,
      repo: services.repo,
      clock: services.clock,
      random: services.random,
      loginThrottle: services.loginThrottle,
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
    if (meta.parent) ctx.parent = memberOf(moduleFor(meta.parent), request.params[paramNames[0]!]!, ctx);
    const record = MEMBER_ACTIONS.has(action)
      ? memberOf(module, request.params[paramNames[paramNames.length - 1]!]!, ctx)
      : undefined;

    // policy: action, query params, written attributes
    const rawPayload = body[module.singular];
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
    if (WRITE_ACTIONS.has(action) && 'body' in route && route.body) {
      const parsed = (route.body as z.ZodType).safeParse(body);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw new ApiError('record_invalid', `Record is invalid: ${summarize(errors)}.`, errors);
      }
      const value = (parsed.data as Record<string, unknown> | undefined)?.[module.singular];
      ctx.payload = isPlainObject(value) ? value : {};
    }

    // resource action; a delete is presented as the record was, so its associations load first
    const { resource, presenter, policy } = module;
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
        records = [await required(resource.create, action).call(resource, ctx)];
        break;
      case 'detail':
        records = [record];
        break;
      case 'update':
        records = [await required(resource.update, action).call(resource, record, ctx)];
        break;
      case 'delete':
        records = [await required(resource.delete, action).call(resource, record, ctx)];
        break;
    }

    // policy: read attributes, then presenter
    const chosen = presenter.resolveFormat(format, action);
    policy.authorizeReads(policyCtx, presenter.attributesOf(chosen));
    const preloaded = preloadedBeforeDelete ?? (resource.preload ? resource.preload(records, ctx) : undefined);
    const presented = records.map((r) => presenter.present(r, { op: ctx, preloaded, format: chosen }));

    // envelope
    const responseBody = listMeta
      ? listBody(module.name, presented, listMeta)
      : memberBody(module.singular, presented[0]);
    return { status: 200, body: responseBody };
  }

  function memberOf(module: ResourceModule, id: string, ctx: OperationContext) {
    if (!module.resource.member) throw new ApiError('method_not_allowed');
    return module.resource.member(id, ctx);
  }

  return {
    routes,
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
      const { method, path, query, headers, body } = request;
      try {
        const matched = routes.match(method, path);
        if (!matched) throw routes.unmatched(method, path);
        return await this.handle(matched.route.id, { method, path, params: matched.params, query, headers, body });
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

function required<F>(fn: F | undefined, action: Action): F {
  if (!fn) throw new ApiError('method_not_allowed', `The ${action} action is not implemented.`);
  return fn;
}

function parseQuery(schema: z.ZodType | null, raw: Record<string, unknown>): Record<string, unknown> {
  if (!schema) return {};
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const errors = fieldErrors(parsed.error);
  throw badRequest(`Invalid query parameters: ${summarize(errors)}.`, errors);
}
