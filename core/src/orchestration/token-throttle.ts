import { ApiError } from '../errors.js';
import { InstanceKey } from '../instance.js';

/** Clients remembered at once; when all of them are still within their window, new ones are refused (fails closed). */
const MAX_CLIENTS = 10_000;

const tooMany = (retryAfter: number) => {
  const error = new ApiError('too_many_requests', `Too many wrong API-trigger tokens from this client. Try again in ${retryAfter} seconds.`);
  error.retryAfter = retryAfter;
  return error;
};

/**
 * Slows token guessing on the API-trigger URLs, as logins are slowed: after `maxFailures` wrong tokens from one
 * client within the window, its calls answer 429 until the oldest failure leaves the window. A right token does
 * not clear the count (one trigger's token must not buy guesses at another's).
 */
export class TokenThrottle {
  readonly #failures = new Map<string, number[]>();
  #prunedAt = Number.NEGATIVE_INFINITY;

  /** Throws 429 while `client` has spent its budget. */
  check(client: string, now: number, maxFailures: number, windowSeconds: number): void {
    const since = now - windowSeconds * 1000;
    const failures = this.#failures.get(client)?.filter((t) => t > since);
    if (!failures) {
      if (this.#failures.size >= MAX_CLIENTS) this.#prune(since, now);
      if (this.#failures.size >= MAX_CLIENTS) throw tooMany(windowSeconds);
      return;
    }
    this.#failures.set(client, failures);
    if (failures.length >= maxFailures) {
      const oldest = failures[failures.length - maxFailures]!;
      throw tooMany(Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now) / 1000)));
    }
  }

  failed(client: string, now: number, maxFailures: number): void {
    const failures = this.#failures.get(client) ?? [];
    failures.push(now);
    if (failures.length > maxFailures) failures.shift();
    this.#failures.set(client, failures);
  }

  /** Forgets clients with no failure in the window; at most once a second (it walks them all). */
  #prune(since: number, now: number) {
    if (now - this.#prunedAt < 1000) return;
    this.#prunedAt = now;
    for (const [client, failures] of this.#failures) if (!failures.some((t) => t > since)) this.#failures.delete(client);
  }

  get size(): number {
    return this.#failures.size;
  }
}

/** One throttle per API instance. */
export const tokenThrottles = new InstanceKey(() => new TokenThrottle());
