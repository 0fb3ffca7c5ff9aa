import { decodeJwt } from 'jose';
import { createApi, type Api } from '../src/api.js';

export const NOW = Date.UTC(2026, 10, 26, 12, 0);

export interface Session {
  api: Api;
  /** Moves the clock, running a scheduler tick every second on the way. */
  advance(ms: number): void;
  call(method: string, path: string, options?: { body?: unknown; query?: Record<string, string | string[]>; token?: string }): Promise<any>;
  owner: string;
  /** Creates a user with this role and answers its session token. */
  userWithRole(role: 'editor' | 'viewer'): Promise<string>;
}

/** A core in-process, with a clock the test moves and the owner logged in. */
export async function session(start = NOW): Promise<Session> {
  let now = start;
  const api = await createApi({ config: { bcryptRounds: 4, simulatedBlockDurationMs: 1000 }, clock: { now: () => now }, schedulerLog: () => {} });
  const call: Session['call'] = (method, path, { body, query = {}, token } = {}) =>
    api.core
      .dispatch({ method, path, query, headers: { 'x-api-key': api.config.apiKey, ...(token ? { 'oauth-token': token } : {}) }, body, client: 'test' })
      .then((o) => o.body as any);
  const login = async (email: string, password: string) => {
    const answer = await call('POST', '/api/sessions', { body: { session: { email, password } } });
    return String(decodeJwt(answer.session.token).token);
  };
  const owner = await login('admin@admin.com', 'admin');
  let users = 0;
  return {
    api,
    call,
    owner,
    advance(ms) {
      const end = now + ms;
      while (now < end) api.tick((now = Math.min(end, now + 1000)));
    },
    async userWithRole(role) {
      const email = `${role}${++users}@example.com`;
      const password = 'password123';
      const roles = { editor: 3, viewer: 4 } as const;
      const created = await call('POST', '/api/users', {
        token: owner,
        body: { user: { email, username: `${role}${users}`, password, password_confirmation: password, roles_new: [roles[role]] } },
      });
      if (!created.user) throw new Error(`user create failed: ${JSON.stringify(created)}`);
      return login(email, password);
    },
  };
}
