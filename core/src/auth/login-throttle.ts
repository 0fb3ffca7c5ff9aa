import { ApiError } from '../errors.js';
import { RecentTable } from './recent-table.js';
import { PasswordGate, type PasswordGateSettings } from './password-gate.js';

export interface ThrottleSettings {
  /** Failed logins allowed per account (or unknown name) and client within the window. */
  maxFailures: number;
  /** Failed logins allowed per account (or unknown name) from all clients together within the window. */
  accountMaxFailures: number;
  windowSeconds: number;
}

/** Whose password is being guessed: an account (by id, however it was named) or a name no account has. */
export type ThrottleSubject = { userId: number } | { name: string };

/**
 * Unknown names, and (subject, client) pairs, remembered at once; past that the one seen longest ago is forgotten.
 * Accounts are not capped: there are only as many as there are users.
 */
const MAX_REMEMBERED = 10_000;

interface Budget {
  /** Times of failures within the window (at most the budget's size are kept: only those can matter). */
  failures: number[];
  inFlight: number;
}

const tooMany = (retryAfter: number, message: string) => {
  const error = new ApiError('too_many_requests', message);
  error.retryAfter = retryAfter;
  return error;
};

/**
 * Slows password guessing, for logins and for `password_current` alike, with two budgets per account: failed
 * checks from one client (`maxFailures` within the window: 10 a minute), and from all clients together
 * (`accountMaxFailures`: 50 a minute). Past either, further attempts answer 429 until the oldest failure that
 * counts leaves the window. The first is the one a guesser meets, and it does not lock the rightful user out
 * from another address; the second bounds a guesser who spreads over many addresses (who can then lock the
 * account for the window: the price of bounding guesses at a weak password at all).
 *
 * An account is one budget whether it is named by email or by username; a name that matches no account is
 * throttled alike, under budgets of its own, so the throttle does not tell which accounts exist. Attempts still
 * being verified count: a burst of parallel guesses gets no more tries than the same guesses one by one.
 * Accounts' budgets are kept by user id and never evicted, so spraying other names cannot reset one. Unknown
 * names and the per-client budgets live in bounded tables that forget the entry seen longest ago when full: a
 * forgotten unknown name guards no password, a forgotten pair leaves the account's own budget, and refusing
 * every newcomer instead would refuse every mistyped login while a sprayer keeps a table full. Every check then
 * passes the password gate (the server-wide bound on concurrent checks and the per-client budget).
 */
export class LoginThrottle {
  readonly #accounts = new Map<number, Budget>();
  readonly #names = new RecentTable<string, Budget>(MAX_REMEMBERED);
  readonly #pairs = new RecentTable<string, Budget>(MAX_REMEMBERED);
  readonly gate: PasswordGate;

  constructor(
    readonly settings: ThrottleSettings,
    gate: Omit<PasswordGateSettings, 'windowSeconds'> = { concurrency: 1, queue: 8, clientMaxFailures: 60 },
  ) {
    this.gate = new PasswordGate({ ...gate, windowSeconds: settings.windowSeconds });
  }

  /**
   * Runs one password check for `subject` from `client`: throws 429 (with Retry-After) while the subject is
   * locked out for this client or for all, the client has spent its budget or the server is busy; else returns
   * whether `verify` matched.
   */
  async check(subject: ThrottleSubject, client: string, now: () => number, verify: () => Promise<boolean>): Promise<boolean> {
    const { maxFailures, accountMaxFailures } = this.settings;
    const at = now();
    const pairKey = `${'userId' in subject ? `#${subject.userId}` : `@${subject.name}`}\u0000${client}`;
    const pair = this.#pairs.get(pairKey) ?? { failures: [], inFlight: 0 };
    this.#admit(pair, maxFailures, at, 'Too many failed logins for this account from this client.');
    const subjectBudget = this.#budgetOf(subject);
    this.#admit(subjectBudget, accountMaxFailures, at, 'Too many failed logins for this account.');
    this.#pairs.set(pairKey, pair);
    pair.inFlight++;
    subjectBudget.inFlight++;
    let ok: boolean | undefined;
    try {
      ok = await this.gate.run(client, now, verify);
      return ok;
    } finally {
      const end = now();
      this.#end(pair, maxFailures, end, ok);
      if (pair.inFlight === 0 && pair.failures.length === 0) this.#pairs.deleteIf(pairKey, pair);
      this.#end(subjectBudget, accountMaxFailures, end, ok);
      if (subjectBudget.inFlight === 0 && subjectBudget.failures.length === 0) {
        if ('userId' in subject) this.#accounts.delete(subject.userId);
        else this.#names.deleteIf(subject.name, subjectBudget);
      }
    }
  }

  /** Throws 429 while `budget` is spent: until the oldest failure that counts leaves the window; by attempts in flight, a second. */
  #admit(budget: Budget, max: number, now: number, message: string) {
    const { windowSeconds } = this.settings;
    const since = now - windowSeconds * 1000;
    budget.failures = budget.failures.filter((t) => t > since);
    if (budget.failures.length + budget.inFlight < max) return;
    const oldest = budget.failures[budget.failures.length - max];
    const retryAfter = oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now) / 1000));
    throw tooMany(retryAfter, `${message} Try again in ${retryAfter} seconds.`);
  }

  /** A failure counts, a success clears the budget; a check that did not run (gate refused, fault) leaves it as it was. */
  #end(budget: Budget, max: number, now: number, ok: boolean | undefined) {
    budget.inFlight--;
    if (ok === true) budget.failures = [];
    if (ok === false) {
      budget.failures.push(now);
      if (budget.failures.length > max) budget.failures.shift();
    }
  }

  #budgetOf(subject: ThrottleSubject): Budget {
    if ('userId' in subject) {
      let budget = this.#accounts.get(subject.userId);
      if (!budget) this.#accounts.set(subject.userId, (budget = { failures: [], inFlight: 0 }));
      return budget;
    }
    let budget = this.#names.get(subject.name);
    if (!budget) this.#names.set(subject.name, (budget = { failures: [], inFlight: 0 }));
    return budget;
  }

  /** How many budgets are held (tests check memory stays bounded). */
  get size() {
    return { accounts: this.#accounts.size, names: this.#names.size, pairs: this.#pairs.size };
  }
}
