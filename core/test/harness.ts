import { createApi, type Api } from '../src/api.js';
import type { Clock } from '../src/clock.js';
import type { CoreConfig } from '../src/config.js';
import { ApiError } from '../src/errors.js';
import { parseBody, parseHeaders, parseQuery } from '../src/raw-request.js';
import type { RepositoryFactory } from '../src/repository/hooks.js';
import { API_KEY, ApiCaller, type CallOptions, type Reply } from './caller.js';

export { API_KEY, OWNER, decodeJwtToken, manualClock, type CallOptions, type Reply } from './caller.js';

/** Where the requests seem to come from: one client, as every request to a loopback server is. */
const CLIENT = '127.0.0.1';
/** Resolves the paths the tests give (with their query strings) as a fetch to a server would. */
const ORIGIN = 'http://in-process.test';

export interface StartOptions {
  config?: Partial<CoreConfig>;
  clock?: Clock;
  repo?: RepositoryFactory;
}

/**
 * The API in this process, called through the core's dispatch with no socket: the calls of server/test/harness.ts
 * (TestServer), so a test of resources, policies or orchestration reads the same here. What only a transport does
 * (headers on the wire, content types, body limits, CORS, the request log) is tested in server/test. The scheduler
 * runs only when the test ticks it.
 */
export class TestApi extends ApiCaller {
  private constructor(readonly api: Api) {
    super();
  }

  static async start(options: StartOptions = {}): Promise<TestApi> {
    // bcrypt at its lowest cost: a test logs in often, and the hash is not what it tests.
    return new TestApi(await createApi({ config: { bcryptRounds: 4, ...options.config }, clock: options.clock, repo: options.repo }));
  }

  /** Calls in this process to an API a server serves too: a test's set-up, without the socket it does not test. */
  static over(api: Api): TestApi {
    return new TestApi(api);
  }

  /** A fresh API and the default owner's decoded token: what most suites start from. */
  static async startLoggedIn(options: StartOptions = {}) {
    const server = await TestApi.start(options);
    return { server, token: (await server.login()).decoded };
  }

  get repo() {
    return this.api.repo;
  }
  /** Runs the scheduler at the clock's now. */
  tick(now?: number) {
    this.api.tick(now);
  }
  /** Nothing to release (no socket, no timer): there for the suites written against a server. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  override async call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const url = new URL(path, ORIGIN);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
    }
    const headers: Record<string, string> = { ...options.headers };
    if (options.apiKey !== false) headers['X-API-KEY'] ??= options.apiKey ?? API_KEY;
    if (options.token) headers['OAUTH-TOKEN'] = options.token;
    const query = parseQuery(url.searchParams);
    const text = options.body === undefined ? options.rawBody : JSON.stringify(options.body);
    let body: unknown;
    try {
      body = parseBody(text);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return reply(this.api.core.failure(error, { query }));
    }
    const outcome = await this.api.core.dispatch({
      // As the transports: HEAD runs the GET route.
      method: method === 'HEAD' ? 'GET' : method,
      path: url.pathname,
      query,
      headers: parseHeaders(headers),
      body,
      client: CLIENT,
    });
    return reply(outcome);
  }
}

/**
 * The answer as a client reads it off the wire: the text the transports send when the core wrote one, else the body
 * through JSON (no undefined, no shared objects). The text must be the body's JSON: a remembered item's JSON that
 * went stale (PresenterDefinition.renderedFrom) fails whichever test called.
 */
function reply(outcome: { status: number; body: unknown; text?: string; headers?: Record<string, string> }): Reply {
  const written = JSON.stringify(outcome.body);
  if (outcome.text !== undefined && outcome.text !== written) {
    throw new Error(`The core's text is not its body's JSON:
  text: ${outcome.text.slice(0, 500)}
  body: ${written.slice(0, 500)}`);
  }
  return { status: outcome.status, headers: new Headers(outcome.headers), body: JSON.parse(outcome.text ?? written) };
}
