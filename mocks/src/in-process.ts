import type { RouteId } from '@pipeline-api/contract';
import type { Api, CoreConfig } from '@pipeline-api/core';
import type { Fixtures, Seeded } from '@pipeline-api/core/fixtures';
import { MOCK_EPOCH, MockClock } from './deterministic.js';
import type { Engine } from './engine.js';
import { loadEngine } from './engine-chunk.js';
import { Injections, type Injection, type InjectionOptions } from './injections.js';
import type { PersistTo } from './persistence.js';
import type { ContractViolationError } from './violation.js';

export interface MockOptions {
  /** The origin the mocks answer for, e.g. `http://127.0.0.1:6789`; by default any origin. */
  baseUrl?: string;
  /** Server settings, e.g. `{ requireUserAuthentication: false }`. */
  config?: Partial<CoreConfig>;
  /** Seed of the token generator (default 1). */
  seed?: number;
  /** Where the clock starts, ms since the epoch (default 2026-01-01T00:00:00Z). */
  start?: number;
  /** A response that breaks the contract: `throw` (default: the request fails loudly) or `warn`. */
  onViolation?: 'throw' | 'warn';
  /**
   * Keep the data, the sessions and the clock across page reloads (a demo app stays signed in): every change
   * is saved to the browser's `localStorage` (about 5 MB, written before the answer) or `indexedDB` (larger,
   * written just after). Tokens then come from crypto.getRandomValues (a reload must not hand out a token
   * again). `reset()` wipes it. Off by default.
   */
  persist?: PersistTo;
  /** The localStorage key or IndexedDB record the state is kept under (default `pipeline-api-mocks`): one per app. */
  persistKey?: string;
}

/** The mock without MSW: the server's core in this process, answered through `fetch` or `handle`. */
export interface InProcessMock {
  /** Moves one second per handled request; `advance(ms)` to jump (token expiry, runs: every due scheduler tick runs). */
  readonly clock: MockClock;
  /** Every contract violation seen since the last reset. */
  readonly violations: ContractViolationError[];
  /**
   * A `fetch` that answers from the core directly, with no interception: give it to the SDK
   * (`createClient({ baseUrl, apiKey, fetch: mock.fetch })`). Relative URLs resolve against `baseUrl`; a URL
   * outside `baseUrl` rejects, as a fetch to an unreachable host does.
   */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** The server-side API the handlers run (core, repository, config). */
  api(): Promise<Api>;
  /** Back to the first state: default owner only, clock and token generator rewound, no injections; persisted state wiped. */
  reset(): Promise<void>;
  /** Resolves once every change so far is persisted (IndexedDB writes just after the answer); at once without `persist`. */
  persisted(): Promise<void>;
  /**
   * Whether this mock started from state an earlier page persisted (a reload) rather than empty (a first visit, a
   * `reset()`, no `persist`): a demo seeds its data only when false.
   */
  restored(): Promise<boolean>;
  /**
   * Creates users, pipelines, blocks and triggers through the API itself (the server's `--fixtures` format), then
   * `runs` in the state each names (running, completed, failed with its block runs and logs, cancelled), moving
   * the mock clock as far as their simulated execution needs.
   */
  seed(fixtures: Fixtures): Promise<Seeded>;
  /**
   * Makes a route fail, lag or answer something else, for one call (default), n calls or always. A call's retries
   * are part of the call (`per: 'call'`): the app sees an injected failure at once, with the SDK's default retries;
   * `per: 'request'` counts requests instead, and lets the SDK retry as it would a real failure.
   */
  inject(route: RouteId, injection: Injection, options?: InjectionOptions): void;
  clearInjections(): void;
  /**
   * Answers a fetch Request exactly as the reference server would (the handlers call this): for the route MSW
   * matched, with its params; `unmatched` (or `malformed`, its path's percent-encoding broken) when no handler
   * routed it: the core's route table then answers, 400 for malformed percent-encoding where the path fits a route,
   * else 404 or 405.
   */
  handle(request: Request, route: MatchedRoute | 'unmatched' | 'malformed', cookies?: Record<string, string>): Promise<Response>;
}

/** The route MSW matched for a request, and its decoded path params. */
export interface MatchedRoute {
  id: string;
  params: Record<string, string | readonly string[] | undefined>;
}

/**
 * The mock password hash: PBKDF2-SHA256 through Web Crypto at this many iterations (a tenth of a millisecond; no
 * bcryptjs in the bundle). Mock data is never a real credential; the server keeps bcrypt.
 */
export const MOCK_PASSWORD_ITERATIONS = 1000;

/**
 * The mock: the reference server's own core and resources, over an in-memory repository it owns. What it answers
 * synchronously (the clock, the violations, injections) is here; the core is its engine (engine.ts), imported and
 * built on first use (a request, `api()`, `seed()`, `reset()`), so a page does not load it at boot.
 */
export function createInProcessMock(options: MockOptions = {}): InProcessMock {
  const injections = new Injections();
  const violations: ContractViolationError[] = [];
  const firstClock = new MockClock(options.start ?? MOCK_EPOCH);
  // Parsed now: a base URL that is not one throws where the mock is made, not at its first request.
  const base = options.baseUrl === undefined ? undefined : new URL(options.baseUrl);
  let engine: Engine | undefined;
  let starting: Promise<Engine> | undefined;
  const started = () =>
    (starting ??= loadEngine().then(
      ({ startEngine }) => (engine = startEngine({ options, injections, violations, clock: firstClock, base })),
      (error: unknown) => {
        // A chunk that did not download is tried again on the next use.
        starting = undefined;
        throw error;
      },
    ));

  return {
    get clock() {
      return engine?.clock ?? firstClock;
    },
    violations,
    fetch: async (input, init) => (await started()).fetch(input, init),
    api: async () => (await started()).api(),
    reset: async () => (await started()).reset(),
    persisted: async () => (await started()).persisted(),
    restored: async () => (await started()).restored(),
    seed: async (fixtures) => (await started()).seed(fixtures),
    inject: (route, injection, injectionOptions) => injections.arm(route, injection, injectionOptions),
    clearInjections: () => injections.clear(),
    handle: async (request, route, cookies) => (await started()).handle(request, route, cookies),
  };
}
