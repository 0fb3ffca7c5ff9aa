import { ApiError } from '../errors.js';

export interface ThrottleSettings {
  /** Failed logins allowed per identity within the window. */
  maxFailures: number;
  windowSeconds: number;
}

const MAX_IDENTITIES = 10_000;

/**
 * Slows password guessing: after `maxFailures` failed logins for one email or username within the window,
 * further attempts answer 429 until the oldest failure leaves the window. Identities that do not exist are
 * throttled alike, so the throttle tells nothing about which accounts exist.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(readonly settings: ThrottleSettings) {}

  /** Throws 429 (with Retry-After) while the identity is locked out. */
  check(identity: string, now: number) {
    const recent = this.#recent(identity, now);
    if (recent.length < this.settings.maxFailures) return;
    const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.settings.windowSeconds * 1000 - now) / 1000));
    const error = new ApiError('too_many_requests', `Too many failed logins for this account. Try again in ${retryAfter} seconds.`);
    error.retryAfter = retryAfter;
    throw error;
  }

  fail(identity: string, now: number) {
    const key = identity.toLowerCase();
    const recent = [...this.#recent(key, now), now];
    this.#failures.delete(key); // re-insert: the map's order is least recently failed first
    this.#failures.set(key, recent);
    if (this.#failures.size > MAX_IDENTITIES) this.#failures.delete(this.#failures.keys().next().value!);
  }

  succeed(identity: string) {
    this.#failures.delete(identity.toLowerCase());
  }

  #recent(identity: string, now: number): number[] {
    const since = now - this.settings.windowSeconds * 1000;
    return (this.#failures.get(identity.toLowerCase()) ?? []).filter((t) => t > since);
  }
}
