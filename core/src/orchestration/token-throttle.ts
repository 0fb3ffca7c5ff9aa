import { RecentTable } from '../auth/recent-table.js';
import { ApiError } from '../errors.js';
import { InstanceKey } from '../instance.js';

/** (trigger, client) pairs remembered at once; past that the one seen longest ago is forgotten, nobody is refused. */
const MAX_PAIRS = 10_000;

const tooMany = (retryAfter: number) => {
  const error = new ApiError('too_many_requests', `Too many wrong tokens for this API trigger from this client. Try again in ${retryAfter} seconds.`);
  error.retryAfter = retryAfter;
  return error;
};

/**
 * Slows token guessing on the API-trigger URLs without ever refusing the right token: the token is checked
 * first, and only a wrong one reaches the throttle. Past `maxFailures` wrong tokens for one trigger from one
 * client within the window, further wrong ones answer 429 (with Retry-After) instead of 403 until the oldest
 * failure leaves the window; whoever sends the right token from the same address is answered as always.
 * Guessing itself is hopeless (tokens carry at least 128 bits, docs/security.md); the throttle tells a
 * misconfigured or hostile caller to stop, per trigger, so it cannot stop a team's deploy hooks.
 */
export class TokenThrottle {
  readonly #failures = new RecentTable<string, number[]>(MAX_PAIRS);

  /** The error a wrong token gets: `wrong` until the pair has spent its budget, then 429. Counts the failure. */
  wrongToken(trigger: string, client: string, now: number, settings: { maxFailures: number; windowSeconds: number }, wrong: ApiError): ApiError {
    const { maxFailures, windowSeconds } = settings;
    // NUL cannot occur in a client key or a path segment: the pair's key is unambiguous.
    const key = `${trigger}\u0000${client}`;
    const since = now - windowSeconds * 1000;
    const failures = (this.#failures.get(key) ?? []).filter((t) => t > since);
    if (failures.length >= maxFailures) {
      this.#failures.set(key, failures);
      const oldest = failures[failures.length - maxFailures]!;
      return tooMany(Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now) / 1000)));
    }
    failures.push(now);
    this.#failures.set(key, failures);
    return wrong;
  }

  get size(): number {
    return this.#failures.size;
  }
}

/** One throttle per API instance. */
export const tokenThrottles = new InstanceKey(() => new TokenThrottle());
