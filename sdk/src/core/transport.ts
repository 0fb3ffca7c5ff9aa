import { baseUrlProblem } from './base-url.js';
import type { RequestLine } from './connection.js';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, ApiError, PipelineApiError, errorFromBody, isUnauthenticated } from './errors.js';
import type { Result } from './api-promise.js';
import type { ClientOptions, Fetch, RequestOptions } from './options.js';
import { checkPathParameters, fillPath } from './path.js';
import { RETRY_COUNT_HEADER, isRetryableCode, retryDelay, shouldRetryHeader, sleep } from './retry.js';
import type { RouteEntry } from './route.js';
import { holdToken, type HeldToken } from './token.js';

const DEFAULT_TIMEOUT = 60_000;
/** Path parameters that are credentials (an API trigger's token): an error's request line never shows them. */
const MASKED_PARAMS: ReadonlySet<string> = new Set(['token']);

const DEFAULT_RETRIES = 2;
/**
 * What a failure was (the network's cause, an answer that is not the API): loaded on the first failure, so pages
 * whose calls succeed do not carry it. Undefined when it cannot load (the page's own server is gone too).
 */
const diagnosis = () => import('./connection.js').catch(() => undefined);
const inBrowser = typeof document !== 'undefined';

export interface Call {
  route: RouteEntry;
  params: Record<string, string>;
  query: Record<string, unknown> | undefined;
  payload: unknown;
  options: RequestOptions | undefined;
  /** The token the latest attempt carried. */
  sentToken?: HeldToken | undefined;
}

/** A response's media type, lower case, without parameters (`text/csv; charset=utf-8` -> `text/csv`). */
const contentTypeOf = (response: Response) => (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** Builds requests from the route table, sends them with retries and turns every answer into data or a typed error. */
export class Transport {
  readonly #options: ClientOptions;
  readonly #fetch: Fetch;
  #token: HeldToken | undefined;

  constructor(options: ClientOptions) {
    const badBaseUrl = baseUrlProblem(options.baseUrl);
    if (badBaseUrl) throw badBaseUrl;
    if (!options.apiKey) throw new TypeError('createClient: apiKey is required');
    this.#options = options;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    // The starting token is the app's own: no onTokenChange for it.
    if (options.token) this.setToken(options.token, false);
  }

  get token(): HeldToken | undefined {
    return this.#token;
  }

  setToken(token: string | undefined, notify = true) {
    const before = this.#token;
    this.#token = token ? holdToken(token) : undefined;
    // A browser cannot set a Cookie header: the cookie goes into the jar for the API's origin (as Mage's UI does).
    if (inBrowser && this.#options.tokenLocation === 'cookie') {
      document.cookie = token ? `oauth_token=${encodeURIComponent(this.#token!.raw ?? token)}; path=/; SameSite=Lax` : 'oauth_token=; path=/; max-age=0';
    }
    if (notify && (before?.raw !== this.#token?.raw || before?.decoded !== this.#token?.decoded)) {
      this.#options.onTokenChange?.(this.#token && (this.#token.raw ?? this.#token.decoded));
    }
  }

  async send<T>(call: Call): Promise<Result<T>> {
    // A parameter that would address another path is refused before anything is sent or forgotten.
    checkPathParameters(call.route.params, call.params, call.route.id);
    try {
      return await this.#send<T>(call);
    } catch (error) {
      if (isUnauthenticated(error)) this.#unauthenticated(error, call);
      throw error;
    } finally {
      // Logging out forgets the token even when the server call fails (expired token, no network):
      // the user asked to leave, and a stale JWT must not stay in the cookie jar.
      if (call.route.session === 'logout') this.setToken(undefined);
    }
  }

  /** The server refused the session: forget the token it refused (not one a newer login brought) and tell the app. */
  #unauthenticated(error: Parameters<NonNullable<ClientOptions['onUnauthenticated']>>[0], call: Call) {
    if (this.#token === undefined || this.#token === call.sentToken) this.setToken(undefined);
    this.#options.onUnauthenticated?.(error);
  }

  async #send<T>(call: Call): Promise<Result<T>> {
    const { route } = call;
    const maxRetries = call.options?.maxRetries ?? this.#options.maxRetries ?? DEFAULT_RETRIES;
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      try {
        // Login sends no token: a stale one must not get in its way.
        call.sentToken = route.session === 'login' ? undefined : this.#token;
        response = await this.#attempt(call, attempt);
        // A file route's success is its text (a CSV download), whatever it looks like; its errors are the envelope.
        if (route.file !== undefined && contentTypeOf(response) === route.file) {
          const text = await this.#readText(response, call);
          return { data: text as T, response, metadata: null };
        }
        const body = await this.#readBody(response, call);
        // Not the API: a body that is not JSON (an HTML page), or a 404 without the envelope; a status worth a retry
        // (a proxy's 502 while the server restarts) and Mage's empty 405 are left to the usual errors.
        const retryableStatus = isRetryableCode(response.status) || (isEnvelope(body) && isRetryableCode(Number(body.error.code)));
        if (!retryableStatus && ((typeof body === 'string' && body !== '') || (response.status === 404 && !isEnvelope(body)))) {
          const diagnose = await diagnosis();
          if (diagnose) throw diagnose.notTheApi(body, response, this.#requestLine(call), this.#options.baseUrl);
        }
        const error = errorFromBody(body, response, call.sentToken !== undefined);
        if (error) throw error;
        const data = (body as Record<string, unknown>)[route.resultKey] as T;
        const metadata = ((body as Record<string, unknown>).metadata as Record<string, unknown> | null) ?? null;
        this.#afterSuccess(route, data);
        return { data, response, metadata };
      } catch (error) {
        if (error instanceof PipelineApiError) error.request ??= { method: route.method, path: this.#path(call, MASKED_PARAMS) };
        if (attempt >= maxRetries || !retryable(error, response)) throw error;
        await sleep(retryDelay(attempt + 1, response?.headers), call.options?.signal).catch(() => {
          throw new APIUserAbortError();
        });
      }
    }
  }

  async #attempt(call: Call, attempt: number): Promise<Response> {
    const { options } = call;
    const timeout = options?.timeout ?? this.#options.timeout ?? DEFAULT_TIMEOUT;
    const controller = new AbortController();
    const userSignal = options?.signal;
    if (userSignal?.aborted) throw new APIUserAbortError();
    const onAbort = () => controller.abort();
    userSignal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(), timeout);
    try {
      return await this.#fetch(this.#url(call), { ...this.#init(call, attempt), signal: controller.signal });
    } catch (error) {
      if (userSignal?.aborted) throw new APIUserAbortError();
      const request = this.#requestLine(call);
      if (controller.signal.aborted) throw new APIConnectionTimeoutError(`Request timed out after ${timeout} ms: ${request.method} ${request.url}.`, request);
      throw await this.#networkError(error, call);
    } finally {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onAbort);
    }
  }

  /** The route's path with its parameters filled in; `masked` ones show as `***`. */
  #path({ route, params }: Call, masked?: ReadonlySet<string>): string {
    return fillPath(route.path, params, route.id, masked);
  }

  /** A network failure as a connection error naming the request; anything else (a programming error) as it is. */
  async #networkError(error: unknown, call: Call): Promise<unknown> {
    const request = this.#requestLine(call);
    const diagnose = await diagnosis();
    if (!diagnose) return new APIConnectionError(`Connection failed: ${request.method} ${request.url}.`, { cause: error, url: request.url });
    const cause = diagnose.networkCause(error);
    return cause ? diagnose.connectionError(cause, error, request) : error;
  }

  /** The body as text; a connection lost while it arrives is a connection error. */
  async #readText(response: Response, call: Call): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      if (call.options?.signal?.aborted) throw new APIUserAbortError();
      throw await this.#networkError(error, call);
    }
  }

  /** The body as JSON (or text); a connection lost while it arrives is a connection error. */
  async #readBody(response: Response, call: Call): Promise<unknown> {
    const text = await this.#readText(response, call);
    if (!text) return '';
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  /** The request for a message: method and full URL, with the API key and an API trigger's token masked. */
  #requestLine(call: Call): RequestLine {
    const url = new URL(this.#url(call, MASKED_PARAMS));
    if (url.searchParams.has('api_key')) url.searchParams.set('api_key', '***');
    return { method: call.route.method, url: url.toString() };
  }

  #url(call: Call, masked?: ReadonlySet<string>): string {
    const { route, query } = call;
    const path = this.#path(call, masked);
    // Relative to the base, so a base behind a path prefix (https://host/mage) keeps it: `/api/…` would replace it.
    const url = new URL(path.replace(/^\/+/, ''), this.#options.baseUrl.endsWith('/') ? this.#options.baseUrl : `${this.#options.baseUrl}/`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      const wire = route.query[name] ?? name;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(wire, String(item));
    }
    const keyLocation = this.#options.apiKeyLocation ?? 'header';
    // Mage reads a body key on POST only: other methods carry it in the query.
    if (keyLocation === 'query' || (keyLocation === 'body' && route.method !== 'POST')) {
      url.searchParams.set('api_key', this.#options.apiKey);
    }
    return url.toString();
  }

  #init({ route, payload, options, sentToken: token }: Call, attempt: number): RequestInit {
    const accept = route.file ? `${route.file}, application/json` : 'application/json';
    const headers: Record<string, string> = { Accept: accept, ...this.#options.headers, ...options?.headers };
    // A retry says so: a server (or a mock) can tell it from a new call.
    if (attempt > 0) headers[RETRY_COUNT_HEADER] = String(attempt);
    const keyLocation = this.#options.apiKeyLocation ?? 'header';
    if (keyLocation === 'header') headers['X-API-KEY'] = this.#options.apiKey;
    let body: Record<string, unknown> | undefined = route.payloadKey ? { [route.payloadKey]: payload ?? {} } : undefined;
    // Mage ignores a query key when a POST carries a JSON body, so POSTs carry it in the body too.
    if (keyLocation !== 'header' && route.method === 'POST') body = { ...body, api_key: this.#options.apiKey };
    let credentials: RequestCredentials | undefined;
    if (token) {
      const location = this.#options.tokenLocation ?? 'oauth-token';
      if (location === 'bearer') headers.Authorization = `Bearer ${token.decoded}`;
      else if (location === 'cookie' && inBrowser) credentials = 'include';
      else if (location === 'cookie' && token.raw) headers.Cookie = `oauth_token=${token.raw}`;
      else headers['OAUTH-TOKEN'] = token.decoded;
    }
    if (body) headers['Content-Type'] = 'application/json';
    else if (route.method === 'POST') headers['Content-Type'] = 'application/json';
    return { method: route.method, headers, body: body ? JSON.stringify(body) : undefined, credentials };
  }

  /** Login keeps the session's token (logout drops it in `send`). */
  #afterSuccess(route: RouteEntry, data: unknown) {
    if (route.session === 'login') this.setToken((data as { token?: string }).token);
  }
}

const isEnvelope = (body: unknown): body is { error: Record<string, unknown> } =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'object' && (body as { error?: unknown }).error !== null;

/** Connection errors but those that would fail the same way again (TLS: a refused certificate or https to an http port; a blocked port; a name that does not exist). */
const PERMANENT: ReadonlySet<string | undefined> = new Set(['ENOTFOUND', 'EAI_NONAME']);

/** Whether a failed attempt is tried again: the answer's `x-should-retry` decides when it has one, else the kind of failure. */
function retryable(error: unknown, response: Response | undefined): boolean {
  if (error instanceof APIUserAbortError) return false;
  const told = error instanceof PipelineApiError ? shouldRetryHeader(response?.headers) : undefined;
  if (told !== undefined) return told;
  if (error instanceof APIConnectionError) return error.reason !== 'tls' && error.reason !== 'blocked' && !PERMANENT.has(error.causeCode);
  if (error instanceof ApiError) return isRetryableCode(error.code) || isRetryableCode(error.status);
  return false;
}
