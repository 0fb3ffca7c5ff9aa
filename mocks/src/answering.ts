import { ApiError, parseBody, parseHeaders, parseQuery, routingMethod, type Api, type FileAnswer, type RouteMatch } from '@pipeline-api/core';
import { checkResponse } from './contract-check.js';
import { corsHeaders, preflightAnswer } from './cors.js';
import type { MockClock } from './deterministic.js';
import type { MatchedRoute, MockOptions } from './in-process.js';
import { isRetryRequest, type Injection, type Injections, type Taken } from './injections.js';
import type { ContractViolationError } from './violation.js';

/** What the core reads of a request. */
export interface Incoming {
  url: URL;
  method: string;
  headers: Iterable<[string, string]> | Record<string, string>;
  text(): Promise<string>;
  signal?: AbortSignal | null;
}

/** What answering a request reads and moves: the API, its clock, the injections armed, the violations seen. */
export interface Answerer {
  readonly options: MockOptions;
  readonly injections: Injections;
  readonly violations: ContractViolationError[];
  api(): Promise<Api>;
  clock(): MockClock;
}

/** What the core (or an injection) answered, before it is a Response. */
interface Answered {
  status: number;
  body: unknown;
  text?: string;
  headers?: Record<string, string>;
  file?: FileAnswer;
}

type Headers = ReturnType<typeof parseHeaders>;

/** A request as the reference server would answer it, for the route a handler matched (or routed here: `unmatched`). */
export async function answer(
  engine: Answerer,
  request: Incoming,
  given: MatchedRoute | 'unmatched' | 'malformed',
  cookies?: Record<string, string>,
): Promise<Response> {
  const { core } = await engine.api();
  const { url } = request;
  const query = parseQuery(url.searchParams);
  // What no handler routed (or the fetch, which has no router) is routed by the core's table: HEAD as GET, a
  // malformed path a 400 where it fits a route, else 404 or 405.
  const route = typeof given === 'string' ? routed(core.routes.resolve(request.method, url.pathname)) : given;
  const headers = parseHeaders(request.headers);
  const preflight = preflightAnswer(request.method, headers);
  if (preflight) return preflight;
  const routeId = route instanceof ApiError ? undefined : route.id;
  const taken = routeId ? engine.injections.take(routeId, isRetryRequest(headers)) : undefined;
  const injection = taken?.injection;
  if (injection?.delay) await sleep(injection.delay, request.signal);
  // Nobody waits for the answer any more: the caller's fetch rejects with its abort.
  if (request.signal?.aborted || (injection && 'networkError' in injection)) return Response.error();
  const answered = await answerOf(core, request, { route, query, headers, taken, cookies });
  if (answered instanceof Response) return answered;
  engine.clock().advance(1000);
  // An injected HTTP status may lie outside the contract on purpose; its body must still be an envelope.
  if (routeId)
    checkContract(engine, core.routes.get(routeId), answered, { undeclaredOk: injection !== undefined && 'status' in injection, format: query._format });
  return responseOf(answered, headers.origin, request.method);
}

/** What the request gets: an injected answer, the failure of a route not found, or the core's; a body that is not JSON is answered at once. */
async function answerOf(
  core: Api['core'],
  request: Incoming,
  {
    route,
    query,
    headers,
    taken,
    cookies,
  }: {
    route: MatchedRoute | ApiError;
    query: ReturnType<typeof parseQuery>;
    headers: Headers;
    taken: Taken | undefined;
    cookies: Record<string, string> | undefined;
  },
): Promise<Answered | Response> {
  const injection = taken?.injection;
  if (taken && injection && ('error' in injection || 'status' in injection || 'body' in injection)) return injected({ injection, per: taken.per }, query, core);
  if (route instanceof ApiError) return core.failure(route, { query });
  let body: unknown;
  try {
    body = parseBody(await request.text());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const failure = core.failure(error, { query });
    return Response.json(failure.body, { status: failure.status, headers: corsHeaders(headers.origin) });
  }
  addPageCookies(headers, cookies);
  // One client: the page itself (per-client login budgets).
  const method = routingMethod(request.method);
  const { url } = request;
  return core.handle(route.id, { method, path: url.pathname, params: paramsOf(route.params), query, headers, body, client: 'mock' });
}

/** In a browser the worker never sees the Cookie header; MSW hands the page's cookies over instead. */
function addPageCookies(headers: Headers, cookies: Record<string, string> | undefined): void {
  if (headers.cookie || !cookies || Object.keys(cookies).length === 0) return;
  headers.cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** The answer against the route's contract: a violation is kept, logged, and thrown unless the mock only warns. */
function checkContract(
  { options, violations }: Answerer,
  route: Parameters<typeof checkResponse>[0],
  answered: Answered,
  { undeclaredOk, format }: { undeclaredOk: boolean; format: unknown },
): void {
  const violation = checkResponse(route, answered.status, answered.file ? answered.file.text : answered.body, undeclaredOk, { isJson: !answered.file, format });
  if (!violation) return;
  violations.push(violation);
  console.error(`[pipeline-api mocks] ${violation.message}`);
  if ((options.onViolation ?? 'throw') === 'throw') throw violation;
}

/**
 * A file route's success (a CSV download) is its text with its type and file name; a body the core wrote as JSON is
 * sent as written (Response.json would serialise it again). HEAD: the GET answer's status and headers, without its
 * body (as Node does for the server).
 */
function responseOf(answered: Answered, origin: string | undefined, method: string): Response {
  const answerHeaders = { ...answered.headers, ...corsHeaders(origin) };
  const response = answered.file
    ? new Response(answered.file.text, {
        status: answered.status,
        headers: { ...answerHeaders, 'Content-Type': answered.file.contentType, 'Content-Disposition': answered.file.contentDisposition },
      })
    : answered.text === undefined
      ? Response.json(answered.body, { status: answered.status, headers: answerHeaders })
      : new Response(answered.text, { status: answered.status, headers: { ...answerHeaders, 'content-type': 'application/json' } });
  return method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
}

/** Injected latency, cut short when the caller gives up (a timeout, an abort): a real server's latency would be too. */
const sleep = (ms: number, signal: AbortSignal | null | undefined) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => (clearTimeout(timer), signal?.removeEventListener('abort', done), resolve());
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** The core table's answer as a handler's route, or its error. */
const routed = (resolved: RouteMatch | ApiError): MatchedRoute | ApiError =>
  resolved instanceof ApiError ? resolved : { id: resolved.route.id, params: resolved.params };

/** MSW's params as the core takes them: one string per `:name` (the contract's paths have no wildcards). */
function paramsOf(params: MatchedRoute['params']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string') out[name] = value;
  return out;
}

type AnsweringInjection = Extract<Injection, { error: unknown } | { status: number } | { body: unknown }>;

/** A per-call injected failure is final: the SDK honours `X-Should-Retry` and gives it to the app at once. */
const FINAL = { 'X-Should-Retry': 'false' };

function injected({ injection, per }: Taken & { injection: AnsweringInjection }, query: Record<string, unknown>, core: Api['core']): Answered {
  if ('body' in injection) return { status: injection.status ?? 200, body: injection.body };
  const code = 'error' in injection ? injection.error.code : injection.status;
  const type = 'error' in injection ? injection.error.type : (injection.type ?? (code >= 500 ? 'internal_error' : 'api_resource_error'));
  const message = ('error' in injection ? injection.error.message : injection.message) ?? `Injected error ${code}.`;
  // An injected HTTP status answers in that status, as `_http_error_codes` would.
  const failure = core.failure({ code, type, message }, 'status' in injection ? { query: { ...query, _http_error_codes: '1' } } : { query });
  return per === 'call' ? { ...failure, headers: { ...failure.headers, ...FINAL } } : failure;
}
