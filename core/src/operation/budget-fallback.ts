import type { RequestContext } from '../context.js';
import type { Outcome } from '../envelope.js';
import { Presentation } from '../presentation.js';
import { WRITE_ACTIONS } from '../request.js';
import { ResponseTooLarge } from '../response-budget.js';
import type { ActionResult } from './act.js';
import type { Plan } from './plans.js';

/** The format a write's answer falls back to when its own would exceed the response budget. */
const LIGHT_FORMAT = 'compact';

/**
 * The presenter, within the response budget: answers are measured item by item as they are presented, so one over
 * the budget stops being built at the item that passes it, and is never written as text. A read over the budget is
 * refused. A write is done by now and the caller must learn it: its record is presented again in the light `compact`
 * format where the presenter has one (a pipeline without its blocks); a write of another record is answered whole,
 * bounded by the request body's limit.
 */
export function presentWithinBudget(plan: Plan, result: ActionResult, ctx: RequestContext, chosen: string, budget: number): Outcome | Promise<Outcome> {
  const { resource, presenter } = plan.module;
  const preloaded = result.preloaded ?? (resource.preload ? resource.preload(result.records, ctx) : undefined);
  const write = WRITE_ACTIONS.has(ctx.action) || ctx.action === 'delete';
  const light = write && presenter.resolveFormat(LIGHT_FORMAT, ctx.action) === LIGHT_FORMAT ? LIGHT_FORMAT : undefined;
  const answer: Answer = { plan, result, ctx, preloaded };
  if (!light) return present(answer, chosen, write ? undefined : budget);
  let outcome: Outcome | Promise<Outcome>;
  try {
    outcome = present(answer, chosen, budget);
  } catch (error) {
    return presentLight(error, answer, light);
  }
  return outcome instanceof Promise ? outcome.catch((error: unknown) => presentLight(error, answer, light)) : outcome;
}

/** What is presented: the action's records, with what the presenter reads beside them. */
interface Answer {
  plan: Plan;
  result: ActionResult;
  ctx: RequestContext;
  preloaded: unknown;
}

/** The answer in `format`, within `budget` bytes (undefined: unmeasured). */
function present({ plan, result, ctx, preloaded }: Answer, format: string, budget: number | undefined): Outcome | Promise<Outcome> {
  const { route, module } = plan;
  return new Presentation(module.presenter, result.records, route.itemKey, result.listMeta, { op: ctx, preloaded, format }, budget).answer();
}

/** A write's answer over the budget, again in the light format, unmeasured; any other error stands. */
function presentLight(error: unknown, answer: Answer, light: string): Outcome | Promise<Outcome> {
  if (!(error instanceof ResponseTooLarge)) throw error;
  return present(answer, light, undefined);
}
