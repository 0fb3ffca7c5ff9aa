import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, ApiError, errorFromBody } from './errors.js';
import type { Result } from './api-promise.js';
import type { ClientOptions, Fetch, RequestOptions } from './options.js';
import { isRetryableCode, retryDelay, sleep } from './retry.js';
import type { RouteEntry } from './route.js';
import { holdToken, type HeldToken } from './token.js';

const DEFAULT_TIMEOUT = 60_000;
const DEFAULT_RETRIES = 2;
const inBrowser = typeof document !== 'undefined';

export interface Call {
  route: RouteEntry;
  params: Record<string, string>;
  query: Record<string, unknown> | undefined;
  payload: unknown;
  options: RequestOptions | undefined;
}

/** Builds requests from the route table, sends them with retries and turns every answer into data or a typed error. */
export class Transport {
  readonly #options: ClientOptions;
  readonly #fetch: Fetch;
  #token: HeldToken | undefined;

  constructor(options: ClientOptions) {
    if (!options.baseUrl) throw new Error('createClient: baseUrl is required, e.g. http://127.0.0.1:6789');
    if (!options.apiKey) throw new Error('createClient: apiKey is required');
    this.#options = options;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    if (options.token) this.setToken(options.token);
  }

  get token(): HeldToken | undefined {
    return this.#token;
  }

  setToken(token: string | undefined) {
    this.#token = token ? holdToken(token) : undefined;
    // A browser cannot set a Cookie header: the cookie goes into the jar for the API's origin (as Mage's UI does).
    if (inBrowser && this.#options.tokenLocation === 'cookie') {
      document.cookie = token
        ? `oauth_token=${encodeURIComponent(this.#token!.raw ?? token)}; path=/; SameSite=Lax`
        : 'oauth_token=; path=/; max-age=0';
    }
  }

  async send<T>(call: Call): Promise<Result<T>> {
    const { route } = call;
    const maxRetries = call.options?.maxRetries ?? this.#options.maxRetries ?? DEFAULT_RETRIES;
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await this.#attempt(call);
        const body = await readBody(response);
        const error = errorFromBody(body, response);
        if (error) throw error;
        const data = (body as Record<string, unknown>)[route.resultKey] as T;
        const metadata = ((body as Record<string, unknown>).metadata as Record<string, unknown> | null) ?? null;
        this.#afterSuccess(route, data);
        return { data, response, metadata };
      } catch (error) {
        if (attempt >= maxRetries || !retryable(error)) throw error;
        await sleep(retryDelay(attempt + 1, response?.headers), call.options?.signal).catch(() => {
          throw new APIUserAbortError();
        });
      }
    }
  }

  async #attempt(call: Call): Promise<Response> {
    const { route, options } = call;
    const timeout = options?.timeout ?? this.#options.timeout ?? DEFAULT_TIMEOUT;
    const controller = new AbortController();
    const userSignal = options?.signal;
    if (userSignal?.aborted) throw new APIUserAbortError();
    const onAbort = () => controller.abort();
    userSignal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(), timeout);
    try {
      return await this.#fetch(this.#url(call), { ...this.#init(call), signal: controller.signal });
    } catch (error) {
      if (userSignal?.aborted) throw new APIUserAbortError();
      if (controller.signal.aborted) throw new APIConnectionTimeoutError(`Request timed out after ${timeout} ms.`);
      throw new APIConnectionError(`Connection error: ${(error as Error)?.message ?? error}`, { cause: error });
    } finally {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', onAbort);
    }
  }

  #url({ route, params, query }: Call): string {
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
    const url = new URL(path, this.#options.baseUrl.endsWith('/') ? this.#options.baseUrl : `${this.#options.baseUrl}/`);
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

  #init({ route, payload, options }: Call): RequestInit {
    const headers: Record<string, string> = { Accept: 'application/json', ...this.#options.headers, ...options?.headers };
    const keyLocation = this.#options.apiKeyLocation ?? 'header';
    if (keyLocation === 'header') headers['X-API-KEY'] = this.#options.apiKey;
    let body: Record<string, unknown> | undefined = route.payloadKey ? { [route.payloadKey]: payload ?? {} } : undefined;
    // Mage ignores a query key when a POST carries a JSON body, so POSTs carry it in the body too.
    if (keyLocation !== 'header' && route.method === 'POST') body = { ...body, api_key: this.#options.apiKey };
    // Login sends no token: a stale one must not get in its way.
    const token = route.session === 'login' ? undefined : this.#token;
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

  /** Login keeps the session's token; logout drops it. */
  #afterSuccess(route: RouteEntry, data: unknown) {
    if (route.session === 'login') this.setToken((data as { token?: string }).token);
    if (route.session === 'logout') this.setToken(undefined);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function retryable(error: unknown): boolean {
  if (error instanceof APIUserAbortError) return false;
  if (error instanceof APIConnectionError) return true;
  if (error instanceof ApiError) return isRetryableCode(error.code) || isRetryableCode(error.status);
  return false;
}
