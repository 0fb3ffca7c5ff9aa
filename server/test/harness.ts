import type { CoreConfig } from '../../core/src/config.js';
import type { Clock } from '../../core/src/clock.js';
import type { RepositoryFactory } from '../../core/src/repository/hooks.js';
import { API_KEY, ApiCaller, type CallOptions, type Reply } from '../../core/test/caller.js';
import { listen, type RunningServer } from '../http/listen.js';

export { API_KEY, OWNER, decodeJwtToken, manualClock, type CallOptions, type Reply } from '../../core/test/caller.js';

/** A reference server on a free loopback port, with a small fetch-based caller. */
export class TestServer extends ApiCaller {
  private constructor(
    readonly running: RunningServer,
    readonly lines: string[],
  ) {
    super();
  }

  static async start(options: { config?: Partial<CoreConfig>; clock?: Clock; repo?: RepositoryFactory; trustProxy?: number } = {}): Promise<TestServer> {
    const lines: string[] = [];
    const running = await listen({
      config: { bcryptRounds: 4, ...options.config },
      clock: options.clock,
      repo: options.repo,
      trustProxy: options.trustProxy,
      // A test with its own clock ticks the scheduler itself (server.tick), so runs move only when it says.
      scheduler: options.clock === undefined,
      log: (line) => lines.push(line),
    });
    return new TestServer(running, lines);
  }

  /** A fresh server and the default owner's decoded token: what most suites start from. */
  static async startLoggedIn(options: Parameters<typeof TestServer.start>[0] = {}) {
    const server = await TestServer.start(options);
    return { server, token: (await server.login()).decoded };
  }

  get url() {
    return this.running.url;
  }
  get repo() {
    return this.running.api.repo;
  }
  /** Runs the scheduler at the clock's now. */
  tick(now?: number) {
    this.running.api.tick(now);
  }
  close() {
    return this.running.close();
  }

  override async call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const url = new URL(path, this.url);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
    }
    const headers: Record<string, string> = { ...options.headers };
    if (options.apiKey !== false) headers['X-API-KEY'] ??= options.apiKey ?? API_KEY;
    if (options.token) headers['OAUTH-TOKEN'] = options.token;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    // A file route's success (a CSV download) is its text; everything else is JSON.
    if (response.headers.get('content-type') === 'text/csv') return { status: response.status, headers: response.headers, body: text };
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`Not JSON (${response.status}): ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }
}
