import type { Action } from '@pipeline-api/contract';
import { safeParse } from 'zod/v4/core';
import { authenticate, refuseAnonymous } from '../auth/authenticate.js';
import type { Caller } from '../auth/caller.js';
import type { RequestContext, Services } from '../context.js';
import { ApiError } from '../errors.js';
import type { PolicyContext } from '../policy.js';
import { isPlainObject, WRITE_ACTIONS, type CoreRequest } from '../request.js';
import type { ResourceModule } from '../resource.js';
import { fieldErrors, summarize } from '../validation.js';
import type { Plan } from './plans.js';

/*
 * The steps before the action, each answering what the next one needs (run.ts puts them in order). Every check that
 * can refuse runs before the action: a refused request changes nothing.
 */

const MEMBER_ACTIONS: ReadonlySet<Action> = new Set(['detail', 'update', 'delete']);
/** The caller of a public route (the health check): nobody, authentication not consulted. */
const PUBLIC_CALLER: Caller = Object.freeze({ user: null, role: null, token: null, decodedToken: null, authEnabled: false });

/**
 * The caller, before the query is validated: a caller without the API key learns nothing about it. A caller with
 * the key but no session is refused before any lookup: 403 vs 404 would tell which records exist.
 */
export function authenticateCaller({ route, module }: Plan, request: CoreRequest, services: Services): Caller | Promise<Caller> {
  const { action } = route.meta;
  if (route.meta.public) return PUBLIC_CALLER;
  const caller = authenticate(request, services, { readToken: !module.policy.isTokenless(action), queryToken: route.meta.queryToken === true });
  if (caller instanceof Promise) return caller.then((found) => refuseAnonymous(found, action, module.policy));
  return refuseAnonymous(caller, action, module.policy);
}

/** The context a resource action reads, built once per request: no parent and no payload yet (lookUp, validate). */
export function contextOf({ route }: Plan, request: CoreRequest, caller: Caller, query: Record<string, unknown>, services: Services): RequestContext {
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

/** What a lookup found: the member (undefined for a list or a create), and the context with the parent in it. */
export interface Found {
  record: unknown;
  ctx: RequestContext;
}

/**
 * The parent of a nested route is named by its first param, the member by its last. From here to the action nothing
 * awaits (lookups are synchronous), so no other request can change what was looked up before the action runs;
 * actions that await re-read what they write.
 */
export function lookUp({ route, module, parent }: Plan, ctx: RequestContext): Found {
  const names = route.params;
  try {
    const scoped = parent ? { ...ctx, parent: memberOf(parent, ctx.params[names[0]!]!, ctx) } : ctx;
    const record = MEMBER_ACTIONS.has(ctx.action) ? memberOf(module, ctx.params[names[names.length - 1]!]!, scoped) : undefined;
    return { record, ctx: scoped };
  } catch (error) {
    // No existence oracle: a caller the policy refuses whatever the record gets that refusal for a free id too, the
    // answer it gets for a taken one. Only a caller who may act on some record learns that this one is missing.
    if (error instanceof ApiError && error.type === 'record_not_found') module.policy.authorizeAction({ caller: ctx.caller, action: ctx.action });
    throw error;
  }
}

function memberOf(module: ResourceModule, id: string, ctx: RequestContext) {
  if (!module.resource.member) throw new ApiError('method_not_allowed');
  return module.resource.member(id, ctx);
}

/** The policy: the action, the query params, the attributes written. */
export function authorize({ route, module }: Plan, { record, ctx }: Found, body: Record<string, unknown>): PolicyContext {
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

/** The payload against the route's body schema: the validated attributes, or undefined when the action writes none. */
export function validate({ route, body: schema }: Plan, body: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!WRITE_ACTIONS.has(route.meta.action) || !schema) return undefined;
  const parsed = safeParse(schema, body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new ApiError('record_invalid', `Record is invalid: ${summarize(errors)}.`, errors);
  }
  const value = isPlainObject(parsed.data) && route.payloadKey !== undefined ? parsed.data[route.payloadKey] : undefined;
  return isPlainObject(value) ? value : {};
}

/** The attributes the chosen format presents, checked before the action: a refused request must change nothing. */
export function authorizeReads({ module }: Plan, policyCtx: PolicyContext, format: string | undefined): string {
  // An anonymous caller in the public scope reads that scope's format, whatever it asked for (Mage's parsers).
  const chosen = module.policy.publicFormat(policyCtx) ?? module.presenter.resolveFormat(format, policyCtx.action);
  module.policy.authorizeReads(policyCtx, module.presenter.attributesOf(chosen));
  return chosen;
}
