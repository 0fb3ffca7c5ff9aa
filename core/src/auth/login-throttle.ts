import { ApiError } from '../errors.js';
import { PasswordGate, type PasswordGateSettings } from './password-gate.js';

export interface ThrottleSettings {
  /** Failed logins allowed per account (or per unknown name) within the window. */
  maxFailures: number;
  windowSeconds: number;
}

/** Whose password is being guessed: an account (by id, however it was named) or a name no account has. */
export type ThrottleSubject = { userId: number } | { name: string };

/** Unknown names remembered at once. Accounts are not capped: there are only as many as there are users. */
const MAX_NAMES = 10_000;

interface Budget {
  /** Times of failures within the window (at most maxFailures are kept: only those can matter). */
  failures: number[];
  inFlight: number;
}

const tooMany = (retryAfter: number, message: string) => {
  const error = new ApiError('too_many_requests', message);
  error.retryAfter = retryAfter;
  return error;
};

/**
 * Slows password guessing, for logins and for `password_current` alike: after `maxFailures` failed checks
 * for one account within the window, further attempts answer 429 until the oldest failure leaves the window.
 * An account is one budget whether it is named by email or by username; a name that matches no account is
 * throttled alike, under its own budget, so the throttle does not tell which accounts exist. Attempts still
 * being verified count: a burst of parallel guesses gets no more tries than the same guesses one by one.
 *
 * Accounts' budgets are kept by user id and never evicted, so spraying other names cannot reset one. Unknown
 * names share a bounded table: when it is full of names still within their window, further unknown names are
 * refused (fails closed) rather than forgetting any count. Every check then passes the password gate (the
 * server-wide bound on concurrent checks and the per-client budget).
 */
export class LoginThrottle {
  readonly #accounts = new Map<number, Budget>();
  readonly #names = new Map<string, Budget>();
  #prunedAt = -Infinity;
  readonly gate: PasswordGate;

  constructor(
    readonly settings: ThrottleSettings,
    gate: Omit<PasswordGateSettings, 'windowSeconds'> = { concurrency: 1, queue: 8, clientMaxFailures: 60 },
  ) {
    this.gate = new PasswordGate({ ...gate, windowSeconds: settings.windowSeconds });
  }

  /**
   * Runs one password check for `subject` from `client`: throws 429 (with Retry-After) while the subject is
   * locked out, the client has spent its budget or the server is busy; else returns whether `verify` matched.
   */
  async check(subject: ThrottleSubject, client: string, now: () => number, verify: () => Promise<boolean>): Promise<boolean> {
    const budget = this.#begin(subject, now());
    let ok: boolean | undefined;
    try {
      ok = await this.gate.run(client, now, verify);
      return ok;
    } finally {
      this.#end(subject, budget, now(), ok);
    }
  }

  #begin(subject: ThrottleSubject, now: number): Budget {
    const { maxFailures, windowSeconds } = this.settings;
    const budget = this.#budgetOf(subject, now);
    const since = now - windowSeconds * 1000;
    budget.failures = budget.failures.filter((t) => t > since);
    if (budget.failures.length + budget.inFlight >= maxFailures) {
      // Locked by failures: until the oldest that counts leaves the window. By attempts in flight: a second.
      const oldest = budget.failures[budget.failures.length - maxFailures];
      const retryAfter = oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now) / 1000));
      throw tooMany(retryAfter, `Too many failed logins for this account. Try again in ${retryAfter} seconds.`);
    }
    budget.inFlight++;
    return budget;
  }

  /** A failure counts, a success clears the budget; a check that did not run (gate refused, fault) leaves it as it was. */
  #end(subject: ThrottleSubject, budget: Budget, now: number, ok: boolean | undefined) {
    budget.inFlight--;
    if (ok === true) budget.failures = [];
    if (ok === false) {
      budget.failures.push(now);
      if (budget.failures.length > this.settings.maxFailures) budget.failures.shift();
    }
    if (budget.inFlight === 0 && budget.failures.length === 0) {
      if ('userId' in subject) this.#accounts.delete(subject.userId);
      else this.#names.delete(subject.name);
    }
  }

  #budgetOf(subject: ThrottleSubject, now: number): Budget {
    if ('userId' in subject) {
      let budget = this.#accounts.get(subject.userId);
      if (!budget) this.#accounts.set(subject.userId, (budget = { failures: [], inFlight: 0 }));
      return budget;
    }
    let budget = this.#names.get(subject.name);
    if (budget) return budget;
    if (this.#names.size >= MAX_NAMES) this.#pruneNames(now);
    if (this.#names.size >= MAX_NAMES) {
      const retryAfter = this.settings.windowSeconds;
      throw tooMany(retryAfter, `Too many failed logins for unknown accounts. Try again in ${retryAfter} seconds.`);
    }
    this.#names.set(subject.name, (budget = { failures: [], inFlight: 0 }));
    return budget;
  }

  /** Forgets names with nothing in flight and no failure in the window; at most once a second (it walks them all). */
  #pruneNames(now: number) {
    if (now - this.#prunedAt < 1000) return;
    this.#prunedAt = now;
    const since = now - this.settings.windowSeconds * 1000;
    for (const [name, budget] of this.#names) {
      if (budget.inFlight === 0 && !budget.failures.some((t) => t > since)) this.#names.delete(name);
    }
  }

  /** How many budgets are held (tests check memory stays bounded). */
  get size() {
    return { accounts: this.#accounts.size, names: this.#names.size };
  }
}
