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

export interface InjectionOptions {
  /** How many requests it applies to: a number (default 1) or 'always'. */
  times?: number | 'always';
}

interface Armed {
  injection: Injection;
  remaining: number;
}

/** Per-route injections, consumed in the order they were armed. */
export class Injections {
  readonly #armed = new Map<string, Armed[]>();

  arm(route: RouteId, injection: Injection, options: InjectionOptions = {}) {
    checkRouteId(route);
    const times = options.times ?? 1;
    const remaining = times === 'always' ? Number.POSITIVE_INFINITY : times;
    if (!(remaining > 0)) throw new Error(`inject(${route}): times must be positive or 'always'`);
    const list = this.#armed.get(route) ?? [];
    list.push({ injection, remaining });
    this.#armed.set(route, list);
  }

  /** The injection for this request, if any (and one use of it). */
  take(route: string): Injection | undefined {
    const list = this.#armed.get(route);
    const first = list?.[0];
    if (!first) return undefined;
    if (--first.remaining <= 0) list.shift();
    return first.injection;
  }

  clear() {
    this.#armed.clear();
  }
}

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
