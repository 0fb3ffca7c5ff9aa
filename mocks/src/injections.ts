import type { ErrorType } from '@pipeline-api/contract';
import type { RouteId } from '@pipeline-api/contract';

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
