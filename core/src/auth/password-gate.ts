import { ApiError } from '../errors.js';
import { RecentTable } from './recent-table.js';

export interface PasswordGateSettings {
  /** Password checks running at once. */
  concurrency: number;
  /** Checks waiting for a turn; past that, 429 at once. */
  queue: number;
  /** Failed checks one client may make per window (guesses in flight count). */
  clientMaxFailures: number;
  windowSeconds: number;
}

/** Clients remembered at once; past that the one seen longest ago is forgotten (a full table refuses nobody). */
const MAX_CLIENTS = 10_000;

const busy = (retryAfter: number, message: string) => {
  const error = new ApiError('too_many_requests', message);
  error.retryAfter = retryAfter;
  return error;
};

/**
 * Every password check (a bcrypt, tens of milliseconds of CPU on the one thread that serves every request)
 * passes this gate: a bounded number run at once and a bounded number wait, so a flood of logins is refused
 * in microseconds instead of queueing work that starves every other request; and each client (its address)
 * has a budget of failed checks per window, so one client cannot keep the server busy with guesses.
 */
export class PasswordGate {
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  /** Per client: times of failed checks within the window, and checks in flight. */
  readonly #clients = new RecentTable<string, { failures: number[]; inFlight: number }>(MAX_CLIENTS);

  constructor(readonly settings: PasswordGateSettings) {}

  /** Runs `verify` when the client's budget and the server's bound allow it, else throws 429 with Retry-After. */
  async run(client: string, now: () => number, verify: () => Promise<boolean>): Promise<boolean> {
    const entry = this.#admitClient(client, now());
    if (this.#running >= this.settings.concurrency) {
      if (this.#waiting.length >= this.settings.queue) {
        this.#release(client, entry, now(), undefined);
        throw busy(1, 'The server is busy checking other passwords. Try again in 1 second.');
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    let ok: boolean | undefined;
    try {
      ok = await verify();
      return ok;
    } finally {
      this.#release(client, entry, now(), ok);
      // Hand the slot to the next waiter, or free it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  #admitClient(client: string, now: number) {
    const { clientMaxFailures, windowSeconds } = this.settings;
    let entry = this.#clients.get(client);
    if (!entry) {
      entry = { failures: [], inFlight: 0 };
      this.#clients.set(client, entry);
    }
    const since = now - windowSeconds * 1000;
    entry.failures = entry.failures.filter((t) => t > since);
    if (entry.failures.length + entry.inFlight >= clientMaxFailures) {
      const oldest = entry.failures[entry.failures.length - clientMaxFailures];
      const retryAfter = oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - now) / 1000));
      throw busy(retryAfter, `Too many failed logins from this client. Try again in ${retryAfter} seconds.`);
    }
    entry.inFlight++;
    return entry;
  }

  /** The check is over: a failure counts against the client; `undefined` (not checked, or a fault) does not. */
  #release(client: string, entry: { failures: number[]; inFlight: number }, now: number, ok: boolean | undefined) {
    entry.inFlight--;
    if (ok === false) entry.failures.push(now);
    if (entry.inFlight === 0 && entry.failures.length === 0) this.#clients.deleteIf(client, entry);
  }

  /** How many clients are remembered (tests check memory stays bounded). */
  get clients(): number {
    return this.#clients.size;
  }
}

/**
 * The budget key for a client address: IPv4 (also IPv4-mapped IPv6) as is; IPv6 by its /64, the block one
 * host usually has to itself (per address, one host would have 2^64 budgets).
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
