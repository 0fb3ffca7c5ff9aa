/*
 * The mock's engine: everything that needs the core (and with it the contract's schemas and zod). It is imported on
 * first use (engine-chunk.ts), so bundlers put it in a chunk of its own that a page loads with its first request;
 * in-process.ts keeps what the mock answers synchronously.
 */
import {
  combineHooks,
  createApi,
  createMemoryRepository,
  cryptoRandom,
  seededRandom,
  webCryptoHasher,
  type Api,
  ApiError,
  parseBody,
  parseHeaders,
  parseQuery,
  routingMethod,
  type RandomSource,
  type RouteMatch,
  type FileAnswer,
  type RepositoryFactory,
} from '@pipeline-api/core';
import { checkResponse } from './contract-check.js';
import { corsHeaders, preflightAnswer } from './cors.js';
import { MOCK_EPOCH, MockClock } from './deterministic.js';
import { MOCK_PASSWORD_ITERATIONS, type InProcessMock, type MatchedRoute, type MockOptions } from './in-process.js';
import { isRetryRequest, type Injection, type Injections, type Taken } from './injections.js';
import type { ContractViolationError } from './violation.js';

export { hasMalformedEncoding, RouteTable } from '@pipeline-api/core';

/** What the mock holds before its engine loads, and shares with it. */
export interface MockShell {
  readonly options: MockOptions;
  readonly injections: Injections;
  readonly violations: ContractViolationError[];
  /** The clock the mock was made with (a test may have moved it before the first request). */
  readonly clock: MockClock;
  /** `options.baseUrl`, parsed when the mock was made. */
  readonly base: URL | undefined;
}

/** The mock's asynchronous part: the core and its resources, answering requests. */
export type Engine = Omit<InProcessMock, 'violations' | 'inject' | 'clearInjections'>;

interface Determinism {
  clock: MockClock;
  random: RandomSource;
}

/** Same seed and start, same tokens and timestamps: snapshots stay stable. */
const deterministic = (seed: number | undefined, clock: MockClock): Determinism => ({ clock, random: seededRandom(seed ?? 1) });

/** Persistence, imported only by a mock that persists: bundlers split it into a chunk most pages never load. */
const loadPersistence = () => import('./persistence.js');
/** Seeding, imported on the first `seed()`: bundlers split it off, as most pages never seed. */
const loadFixtures = () => import('@pipeline-api/core/fixtures');

/** Injected latency, cut short when the caller gives up (a timeout, an abort): a real server's latency would be too. */
const sleep = (ms: number, signal: AbortSignal | null | undefined) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => (clearTimeout(timer), signal?.removeEventListener('abort', done), resolve());
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** The mock's engine: the reference server's own core and resources, over an in-memory repository it owns. */
export function startEngine({ options, injections, violations, clock: firstClock, base }: MockShell): Engine {
  const persistKey = options.persistKey ?? 'pipeline-api-mocks';
  let determinism = deterministic(options.seed, firstClock);
  let flushPersisted = () => Promise.resolve();
  let restoredState = false;
  const build = async () => {
    restoredState = false;
    let repo: RepositoryFactory | undefined;
    if (options.persist) {
      const { openPersistentState } = await loadPersistence();
      const state = await openPersistentState(options.persist, persistKey, () => determinism.clock.now());
      // The repository is built here, not in the persistence chunk, so that chunk imports nothing of the core's.
      repo = (hooks) =>
        createMemoryRepository({ counters: state.counters, initialRows: state.initialRows, hooks: combineHooks(hooks, { sinks: [state.save] }) });
      flushPersisted = state.flush;
      restoredState = state.now !== undefined;
      determinism = { clock: new MockClock(state.now ?? options.start ?? MOCK_EPOCH), random: cryptoRandom };
    }
    const { clock } = determinism;
    // An internal error answers 500 with a generic message, as the server does; the developer sees the cause here.
    const onInternalError = (error: unknown) => console.error('[pipeline-api mocks] internal error:', error);
    const built = await createApi({
      config: options.config,
      passwords: webCryptoHasher({ iterations: MOCK_PASSWORD_ITERATIONS }),
      repo,
      clock,
      random: determinism.random,
      onInternalError,
    });
    clock.onTick = (now) => built.tick(now);
    return built;
  };
  let api = build();

  const engine: Engine = {
    get clock() {
      return determinism.clock;
    },
    api: () => api,
    async reset() {
      determinism = deterministic(options.seed, new MockClock(options.start ?? MOCK_EPOCH));
      injections.clear();
      violations.length = 0;
      if (options.persist) {
        await api.then(flushPersisted, () => undefined);
        await (await loadPersistence()).clearPersistentState(options.persist, persistKey);
      }
      api = build();
      await api;
    },
    persisted: async () => {
      await api;
      await flushPersisted();
    },
    restored: async () => {
      await api;
      return restoredState;
    },
    seed: async (fixtures) => {
      const [{ seedFixtures }, built] = await Promise.all([loadFixtures(), api]);
      return seedFixtures(built, fixtures, { advance: (ms) => determinism.clock.advance(ms), tickMs: determinism.clock.tickMs });
    },
    async fetch(input, init) {
      const request = incoming(input, init, base);
      const { url } = request;
      if (base && !isUnder(url, base)) throw new TypeError(`fetch failed: ${url.origin}${url.pathname} is outside the mocked API (${base.href})`);
      if (request.signal?.aborted) throw request.signal.reason;
      const response = await answer(request, 'unmatched', {});
      if (request.signal?.aborted) throw request.signal.reason;
      if (response.type === 'error') throw new TypeError('fetch failed: injected network error');
      return response;
    },

    handle: (request, route, cookies) => answer(fromRequest(request), route, cookies),
  };

  async function answer(request: Incoming, given: MatchedRoute | 'unmatched' | 'malformed', cookies?: Record<string, string>): Promise<Response> {
    const { core } = await api;
    const { url } = request;
    const query = parseQuery(url.searchParams);
    // What no handler routed (or the fetch, which has no router) is routed by the core's table: HEAD as GET, a
    // malformed path a 400 where it fits a route, else 404 or 405.
    const route = typeof given === 'string' ? routed(core.routes.resolve(request.method, url.pathname)) : given;
    const headers = parseHeaders(request.headers);
    const preflight = preflightAnswer(request.method, headers);
    if (preflight) return preflight;
    const routeId = route instanceof ApiError ? undefined : route.id;
    const taken = routeId ? injections.take(routeId, isRetryRequest(headers)) : undefined;
    const injection = taken?.injection;
    if (injection?.delay) await sleep(injection.delay, request.signal);
    // Nobody waits for the answer any more: the caller's fetch rejects with its abort.
    if (request.signal?.aborted || (injection && 'networkError' in injection)) return Response.error();

    let outcome: { status: number; body: unknown; text?: string; headers?: Record<string, string>; file?: FileAnswer };
    if (taken && injection && ('error' in injection || 'status' in injection || 'body' in injection)) {
      outcome = injected({ injection, per: taken.per }, query, core);
    } else if (route instanceof ApiError) {
      outcome = core.failure(route, { query });
    } else {
      let body: unknown;
      try {
        body = parseBody(await request.text());
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const failure = core.failure(error, { query });
        return Response.json(failure.body, { status: failure.status, headers: corsHeaders(headers.origin) });
      }
      // In a browser the worker never sees the Cookie header; MSW hands the page's cookies over instead.
      if (!headers.cookie && cookies && Object.keys(cookies).length > 0) {
        headers.cookie = Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; ');
      }
      // One client: the page itself (per-client login budgets).
      const method = routingMethod(request.method);
      outcome = await core.handle(route.id, { method, path: url.pathname, params: paramsOf(route.params), query, headers, body, client: 'mock' });
    }
    determinism.clock.advance(1000);

    // An injected HTTP status may lie outside the contract on purpose; its body must still be an envelope.
    const undeclaredOk = injection !== undefined && 'status' in injection;
    const violation =
      routeId &&
      checkResponse(core.routes.get(routeId), outcome.status, outcome.file ? outcome.file.text : outcome.body, undeclaredOk, {
        isJson: !outcome.file,
        format: query._format,
      });
    if (violation) {
      violations.push(violation);
      console.error(`[pipeline-api mocks] ${violation.message}`);
      if ((options.onViolation ?? 'throw') === 'throw') throw violation;
    }
    // A file route's success (a CSV download) is its text with its type and file name; a body the core wrote as JSON is
    // sent as written (Response.json would serialise it again).
    const answerHeaders = { ...outcome.headers, ...corsHeaders(headers.origin) };
    const response = outcome.file
      ? new Response(outcome.file.text, {
          status: outcome.status,
          headers: { ...answerHeaders, 'Content-Type': outcome.file.contentType, 'Content-Disposition': outcome.file.contentDisposition },
        })
      : outcome.text === undefined
        ? Response.json(outcome.body, { status: outcome.status, headers: answerHeaders })
        : new Response(outcome.text, { status: outcome.status, headers: { ...answerHeaders, 'content-type': 'application/json' } });
    // HEAD: the GET answer's status and headers, without its body (as Node does for the server).
    return request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
  }

  return engine;
}

/** What the core reads of a request. */
interface Incoming {
  url: URL;
  method: string;
  headers: Iterable<[string, string]> | Record<string, string>;
  text(): Promise<string>;
  signal?: AbortSignal | null;
}

const fromRequest = (request: Request): Incoming => ({
  url: new URL(request.url),
  method: request.method,
  headers: request.headers,
  text: () => request.text(),
  signal: request.signal,
});

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every((v) => typeof v === 'string');

/**
 * A fetch call as the core reads it. What the SDK sends (a URL, a method, a record of headers, a string body)
 * is read as it is: building a Request would cost more than answering it. Anything else becomes a Request.
 */
function incoming(input: string | URL | Request, init: RequestInit | undefined, base: URL | undefined): Incoming {
  // A Request of another realm (a test environment's own fetch classes) fails instanceof: it is read as it is.
  if (isForeignRequest(input) && init === undefined) return fromRequest(input);
  const body = init?.body;
  const headers = init?.headers ?? {};
  if (!(input instanceof Request) && (body === undefined || body === null || typeof body === 'string') && isStringRecord(headers)) {
    const method = (init?.method ?? 'GET').toUpperCase();
    if ((method === 'GET' || method === 'HEAD') && body) throw new TypeError(`fetch failed: a ${method} request cannot have a body`);
    return { url: new URL(input, base), method, headers, text: () => Promise.resolve(body ?? ''), signal: init?.signal };
  }
  return fromRequest(new Request(typeof input === 'string' && base ? new URL(input, base) : input, init));
}

/** A Request that `instanceof Request` does not see: it has a URL and a method, as no URL or string has. */
const isForeignRequest = (input: unknown): input is Request =>
  typeof input === 'object' &&
  input !== null &&
  !(input instanceof Request) &&
  'method' in input &&
  typeof input.method === 'string' &&
  'url' in input &&
  typeof input.url === 'string';

/** Same origin, and the path at or below the base's path. */
function isUnder(url: URL, base: URL): boolean {
  const prefix = base.pathname.replace(/\/+$/, '');
  return url.origin === base.origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
}

/** The core table's answer as a handler's route, or its error. */
const routed = (resolved: RouteMatch | ApiError): MatchedRoute | ApiError =>
  resolved instanceof ApiError ? resolved : { id: resolved.route.id, params: resolved.params };

/** MSW's params as the core takes them: one string per `:name` (the contract's paths have no wildcards). */
function paramsOf(params: MatchedRoute['params']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string') out[name] = value;
  return out;
}

type Answering = Extract<Injection, { error: unknown } | { status: number } | { body: unknown }>;

/** A per-call injected failure is final: the SDK honours `X-Should-Retry` and gives it to the app at once. */
const FINAL = { 'X-Should-Retry': 'false' };

function injected({ injection, per }: Taken & { injection: Answering }, query: Record<string, unknown>, core: Api['core']) {
  if ('body' in injection) return { status: injection.status ?? 200, body: injection.body };
  const code = 'error' in injection ? injection.error.code : injection.status;
  const type = 'error' in injection ? injection.error.type : (injection.type ?? (code >= 500 ? 'internal_error' : 'api_resource_error'));
  const message = ('error' in injection ? injection.error.message : injection.message) ?? `Injected error ${code}.`;
  // An injected HTTP status answers in that status, as `_http_error_codes` would.
  const failure = core.failure({ code, type, message }, 'status' in injection ? { query: { ...query, _http_error_codes: '1' } } : { query });
  return per === 'call' ? { ...failure, headers: { ...failure.headers, ...FINAL } } : failure;
}
