import type { ErrorType, RouteId } from '@pipeline-api/contract';
import { ROUTE_PATHS } from './generated/route-paths.js';

/** What a test makes a route do instead of (or before) running the real logic. */
export type Injection = (
  | { /** Answer with this error envelope (HTTP 200, or its code under `_http_error_codes`). */ error: { code: number; type: ErrorType; message?: string } }
  | { /** Answer with this HTTP status and a matching error envelope. */ status: number; type?: ErrorType; message?: string }
  | { /** Answer with this body (checked against the contract like every mocked response). */ body: unknown; status?: number }
  | { /** Fail at the network level (fetch rejects). */ networkError: true }
  | { /** Only add latency, then answer normally. */ delay: number }
) & {
  /** Latency before the answer, in ms. */
  delay?: number;
};

/**
 * What one use of an injection is. `call` (the default): one call of the app, its retries included. The SDK marks
 * a retry (`X-Retry-Count`); a retry meets the injection that answered its call, and uses no count. An injected
 * HTTP failure also tells the SDK not to retry (`X-Should-Retry: false`), so the app sees it at once. `request`:
 * every request uses one, retries too, and the SDK retries an injected failure as it would a real one (with its
 * backoff): how a test shows that a passing failure never reaches the app.
 */
export type InjectionScope = 'call' | 'request';

export interface InjectionOptions {
  /** How many calls (or requests, under `per: 'request'`) it applies to: a number (default 1) or 'always'. */
  times?: number | 'always';
  /** `call` (default): a call and its retries are one use; `request`: each request is. */
  per?: InjectionScope;
}

interface Armed {
  injection: Injection;
  remaining: number;
  per: InjectionScope;
}

/** An injection as a request meets it. */
export interface Taken {
  injection: Injection;
  per: InjectionScope;
}

/** Per-route injections, consumed in the order they were armed. */
export class Injections {
  readonly #armed = new Map<string, Armed[]>();
  /**
   * Per route, the per-call injection that answered the route's latest call: that call's retries meet it too, until
   * the route's next call (a retry names its attempt, not its call: of two calls of one route at once, the later
   * one ends the earlier one's).
   */
  readonly #answering = new Map<string, Taken>();

  arm(route: RouteId, injection: Injection, options: InjectionOptions = {}) {
    checkRouteId(route);
    const times = options.times ?? 1;
    const remaining = times === 'always' ? Number.POSITIVE_INFINITY : times;
    if (!(remaining > 0)) throw new Error(`inject(${route}): times must be positive or 'always'`);
    const per = options.per ?? 'call';
    if (per !== 'call' && per !== 'request') throw new TypeError(`inject(${route}): per must be 'call' or 'request', not ${JSON.stringify(per)}`);
    const list = this.#armed.get(route) ?? [];
    list.push({ injection, remaining, per });
    this.#armed.set(route, list);
  }

  /**
   * The injection for this request, if any (and one use of it). A retry (`retry`: it carries the SDK's retry count)
   * meets the per-call injection that answered its call, or else a per-request one; never a new call's.
   */
  take(route: string, retry = false): Taken | undefined {
    if (retry) {
      const answering = this.#answering.get(route);
      if (answering) return answering;
    }
    const list = this.#armed.get(route);
    const first = list?.[0];
    // A new call on the route ends the last one's: its retries (if it still makes any) are answered as any retry.
    if (!retry) this.#answering.delete(route);
    if (!first || (retry && first.per === 'call')) return undefined;
    if (--first.remaining <= 0) list?.shift();
    const taken = { injection: first.injection, per: first.per };
    if (first.per === 'call') this.#answering.set(route, taken);
    return taken;
  }

  clear() {
    this.#armed.clear();
    this.#answering.clear();
  }
}

/** Whether a request is a retry: the SDK's `X-Retry-Count` (another client's header of the same name counts too). */
export const isRetryRequest = (headers: Record<string, string | undefined>) => Number(headers['x-retry-count'] ?? 0) > 0;

/** The contract's route ids, read on the first injection (from its generated route paths: no schema needed). */
let routeIds: string[] | undefined;

/**
 * The types refuse a misspelt route id; JavaScript does not, and an injection armed for no route would never fire
 * and fail nothing. So it is refused at run time too, with the ids it is closest to.
 */
function checkRouteId(route: unknown): void {
  routeIds ??= ROUTE_PATHS.map((r) => r.id);
  if (typeof route === 'string' && routeIds.includes(route)) return;
  const text = typeof route === 'string' ? route : String(route);
  const closest = routeIds
    .map((id) => ({ id, distance: editDistance(text, id) }))
    .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id))
    .slice(0, 3)
    .map(({ id }) => id);
  throw new TypeError(
    `inject(${JSON.stringify(route)}): no route has this id. Closest: ${closest.join(', ')}. Route ids are the contract's, e.g. pipelines.list.`,
  );
}

/** Levenshtein distance, on strings of route-id length (bounded work: ids are short and the table is fixed). */
function editDistance(a: string, b: string): number {
  const left = a.slice(0, 100);
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (left[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
