import { ApiError } from '../errors.js';

export interface ThrottleSettings {
  /** Failed logins allowed per account (or per unknown name) within the window. */
  maxFailures: number;
  windowSeconds: number;
}

const MAX_KEYS = 10_000;

/**
 * Slows password guessing: after `maxFailures` failed logins for one account within the window, further
 * attempts answer 429 until the oldest failure leaves the window. An account is one key whether it is named
 * by email or by username; a name that matches no account is throttled alike, under its own key, so the
 * throttle does not tell which accounts exist. Attempts still being verified count against the limit:
 * a burst of parallel guesses gets no more tries than the same guesses one by one.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();
  readonly #inFlight = new Map<string, number>();

  constructor(readonly settings: ThrottleSettings) {}

  /** Starts an attempt: throws 429 (with Retry-After) while the key is locked out. Pair with `end`. */
  begin(key: string, now: number) {
    const recent = this.#recent(key, now);
    const inFlight = this.#inFlight.get(key) ?? 0;
    const { maxFailures, windowSeconds } = this.settings;
    if (recent.length + inFlight >= maxFailures) {
      // Locked by failures: until the oldest that counts leaves the window. By attempts in flight: a second.
      const oldest = recent[recent.length - maxFailures];
      const retryAfter = oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now) / 1000));
      const error = new ApiError('too_many_requests', `Too many failed logins for this account. Try again in ${retryAfter} seconds.`);
      error.retryAfter = retryAfter;
      throw error;
    }
    this.#inFlight.set(key, inFlight + 1);
  }

  /** Ends an attempt `begin` let through: a failure is counted, a success clears the key's failures. */
  end(key: string, now: number, succeeded: boolean) {
    const inFlight = (this.#inFlight.get(key) ?? 1) - 1;
    if (inFlight > 0) this.#inFlight.set(key, inFlight);
    else this.#inFlight.delete(key);
    if (succeeded) {
      this.#failures.delete(key);
      return;
    }
    const recent = [...this.#recent(key, now), now];
    this.#failures.delete(key); // re-insert: the map's order is least recently failed first
    this.#failures.set(key, recent);
    if (this.#failures.size > MAX_KEYS) this.#failures.delete(this.#failures.keys().next().value!);
  }

  #recent(key: string, now: number): number[] {
    const since = now - this.settings.windowSeconds * 1000;
    return (this.#failures.get(key) ?? []).filter((t) => t > since);
  }
}
