import type { CoreConfig } from '../../core/src/config.js';
import type { Clock } from '../../core/src/clock.js';
import type { RepositoryFactory } from '../../core/src/repository/hooks.js';
import { listen, type RunningServer } from '../http/listen.js';

export const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
export const OWNER = { email: 'admin@admin.com', username: 'admin', password: 'admin' };

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

export interface CallOptions {
  body?: unknown;
  /** Raw body text, sent as is. */
  rawBody?: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /** Decoded token, sent as OAUTH-TOKEN. */
  token?: string;
  /** false: send no API key; otherwise the key sent in X-API-KEY. */
  apiKey?: string | false;
}

/** A reference server on a free loopback port, with a small fetch-based caller. */
export class TestServer {
  private constructor(
    readonly running: RunningServer,
    readonly lines: string[],
  ) {}

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

  async call(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
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

  /** Logs in and returns the raw and decoded tokens. */
  async login(identity: { email?: string; username?: string; password: string } = OWNER) {
    const reply = await this.call('POST', '/api/sessions', { body: { session: identity } });
    if (!reply.body.session) throw new Error(`login failed: ${JSON.stringify(reply.body)}`);
    const raw: string = reply.body.session.token;
    return { raw, decoded: decodeJwtToken(raw), reply };
  }

  /** Creates a user with a role (as the owner) and logs in as them. */
  async userWithRole(role: 'owner' | 'admin' | 'editor' | 'viewer' | null, ownerToken: string, name = role ?? 'norole') {
    const ids = { owner: 1, admin: 2, editor: 3, viewer: 4 } as const;
    const suffix = Math.random().toString(36).slice(2, 8);
    const email = `${name}-${suffix}@example.com`;
    const password = 'password123';
    const created = await this.call('POST', '/api/users', {
      token: ownerToken,
      body: {
        user: {
          email,
          username: `${name}_${suffix}`,
          password,
          password_confirmation: password,
          ...(role ? { roles_new: [ids[role]] } : {}),
        },
      },
    });
    if (!created.body.user) throw new Error(`user create failed: ${JSON.stringify(created.body)}`);
    const { decoded } = await this.login({ email, password });
    return { id: created.body.user.id as number, email, password, token: decoded };
  }
}

export function decodeJwtToken(raw: string): string {
  const payload = JSON.parse(Buffer.from(raw.split('.')[1]!, 'base64url').toString('utf8'));
  return payload.token;
}

/** A clock tests can move. */
export function manualClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}
