/**
 * What the two test harnesses share: the in-process one (harness.ts, TestApi) and the one over HTTP
 * (server/test/harness.ts, TestServer) differ only in how a call reaches the core.
 */

export const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
export const OWNER = { email: 'admin@admin.com', username: 'admin', password: 'admin' };

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

export interface CallOptions {
  body?: unknown;
  /** Raw body text: sent as is over HTTP, parsed by the core's body parser in process (as the transports parse what they read). */
  rawBody?: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /** Decoded token, sent as OAUTH-TOKEN. */
  token?: string;
  /** false: send no API key; otherwise the key sent in X-API-KEY. */
  apiKey?: string | false;
}

/** Logging in and making users with a role, over whatever `call` reaches. */
export abstract class ApiCaller {
  abstract call(method: string, path: string, options?: CallOptions): Promise<Reply>;

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
