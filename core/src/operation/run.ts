import type { Services } from '../context.js';
import type { Outcome } from '../envelope.js';
import type { CoreRequest } from '../request.js';
import { act, answerFile } from './act.js';
import { presentWithinBudget } from './budget-fallback.js';
import type { CodeLoader } from './code-loading.js';
import { bodyObject, type QueryParser } from './parse.js';
import { authenticateCaller, authorize, authorizeReads, contextOf, lookUp, validate } from './steps.js';

/** Runs one request of a contract route, by the route's id; throws what refuses it (the caller makes the envelope). */
export type Run = (routeId: string, request: CoreRequest) => Promise<Outcome>;

/**
 * One request, as a list of named steps, each given what the steps before it answered. Steps that may wait answer a
 * promise only when they do: most requests run through without a turn.
 */
export function requestRunner(code: CodeLoader, queries: QueryParser, services: Services): Run {
  return async function run(routeId, request) {
    const body = bodyObject(request);
    const loading = code.load(routeId, body);
    const plan = loading instanceof Promise ? await loading : loading;
    const authenticating = authenticateCaller(plan, request, services);
    const caller = authenticating instanceof Promise ? await authenticating : authenticating;
    const query = queries.parse(plan.route, request.query);
    const found = lookUp(plan, contextOf(plan, request, caller, query, services));
    const policyCtx = authorize(plan, found, body);
    const payload = validate(plan, body);
    const format = authorizeReads(plan, policyCtx, found.ctx.meta.format);
    const ctx = payload === undefined ? found.ctx : { ...found.ctx, payload };
    if (plan.route.file) return answerFile(plan, found.record, ctx);
    const acting = act(plan, found.record, ctx);
    const result = acting instanceof Promise ? await acting : acting;
    return presentWithinBudget(plan, result, ctx, format, services.config.maxResponseBytes);
  };
}
