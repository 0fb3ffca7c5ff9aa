/*
 * The mock's engine: everything that needs the core (and with it the contract's schemas and zod). It is imported on
 * first use (engine-chunk.ts), so bundlers put it in a chunk of its own that a page loads with its first request;
 * in-process.ts keeps what the mock answers synchronously. Its parts: the API it runs (engine-api.ts) and how a
 * request is answered (answering.ts).
 */
import { answer, type Answerer, type Incoming } from './answering.js';
import type { MockClock } from './deterministic.js';
import { EngineApi } from './engine-api.js';
import type { InProcessMock, MockOptions } from './in-process.js';
import type { Injections } from './injections.js';
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

/** Seeding, imported on the first `seed()`: bundlers split it off, as most pages never seed. */
const loadFixtures = () => import('@pipeline-api/core/fixtures');

/** The mock's engine: the reference server's own core and resources, over an in-memory repository it owns. */
export function startEngine({ options, injections, violations, clock: firstClock, base }: MockShell): Engine {
  const api = new EngineApi(options, firstClock);
  const answerer: Answerer = { options, injections, violations, api: () => api.api(), clock: () => api.clock };
  return {
    get clock() {
      return api.clock;
    },
    api: () => api.api(),
    async reset() {
      injections.clear();
      violations.length = 0;
      await api.reset();
    },
    persisted: () => api.persisted(),
    restored: () => api.restored(),
    seed: async (fixtures) => {
      const [{ seedFixtures }, built] = await Promise.all([loadFixtures(), api.api()]);
      return seedFixtures(built, fixtures, { advance: (ms) => api.clock.advance(ms), tickMs: api.clock.tickMs });
    },
    async fetch(input, init) {
      const request = incoming(input, init, base);
      const { url } = request;
      if (base && !isUnder(url, base)) throw new TypeError(`fetch failed: ${url.origin}${url.pathname} is outside the mocked API (${base.href})`);
      if (request.signal?.aborted) throw request.signal.reason;
      const response = await answer(answerer, request, 'unmatched', {});
      if (request.signal?.aborted) throw request.signal.reason;
      if (response.type === 'error') throw new TypeError('fetch failed: injected network error');
      return response;
    },
    handle: (request, route, cookies) => answer(answerer, fromRequest(request), route, cookies),
  };
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
