import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { API_KEY, OWNER, TestApi, decodeJwtToken, manualClock } from './harness.js';

describe('sessions and authentication (user authentication on)', () => {
  let server: TestApi;
  const clock = manualClock();
  beforeAll(async () => {
    server = await TestApi.start({ clock });
  });
  afterAll(() => server.close());

  it('logs in by email and returns the raw token, its expiry and the user without email', async () => {
    const reply = await server.call('POST', '/api/sessions', { body: { session: { email: OWNER.email, password: OWNER.password } } });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe(200);
    expect(reply.body.metadata).toBeNull();
    const { session } = reply.body;
    expect(session.user).toMatchObject({ id: 1, username: 'admin', owner: true, roles_display: 'Owner', project_access: 1 });
    expect(session.user).not.toHaveProperty('email');
    expect(session.expires).toBe('2026-01-31 00:00:00.000000+00:00'); // 30 days on the manual clock
    const [header, payload] = session.token
      .split('.')
      .slice(0, 2)
      .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload.expires).toBe(Date.UTC(2026, 0, 31) / 1000);
    expect(payload.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('logs in by username', async () => {
    const { decoded } = await server.login({ username: 'admin', password: 'admin' });
    expect(decoded).toHaveLength(43);
  });

  it('answers a failed login with 404 record_not_found naming email/username and password', async () => {
    for (const session of [
      { email: OWNER.email, password: 'wrong' },
      { email: 'nobody@x.io', password: 'admin' },
      { username: 'ghost', password: 'x' },
    ]) {
      const reply = await server.call('POST', '/api/sessions', { body: { session } });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        error: { code: 404, message: 'Email/username and/or password invalid.', type: 'record_not_found' },
        status: 200,
      });
    }
    const missing = await server.call('POST', '/api/sessions', { body: { session: { email: OWNER.email } } });
    expect(missing.body.error).toMatchObject({ code: 404, type: 'record_not_found', message: 'Email/username and password are required.' });
  });

  it('accepts the decoded token in OAUTH-TOKEN and Authorization: Bearer, and the raw token in the cookie', async () => {
    const { raw, decoded } = await server.login();
    const viaHeader = await server.call('GET', '/api/pipelines', { token: decoded });
    const viaBearer = await server.call('GET', '/api/pipelines', { headers: { Authorization: `Bearer ${decoded}` } });
    const viaCookie = await server.call('GET', '/api/pipelines', { headers: { Cookie: `theme=dark; oauth_token=${raw}` } });
    for (const reply of [viaHeader, viaBearer, viaCookie]) expect(reply.body).toHaveProperty('pipelines');
  });

  it("accepts the spec's three credential combinations", async () => {
    const { raw, decoded } = await server.login();
    // decoded token + API key in the URL
    const a = await server.call('GET', '/api/pipelines', { apiKey: false, query: { api_key: API_KEY }, token: decoded });
    expect(a.body).toHaveProperty('pipelines');
    // decoded token + API key in the body
    const b = await server.call('POST', '/api/pipelines', { apiKey: false, token: decoded, body: { api_key: API_KEY, pipeline: { name: 'combo b' } } });
    expect(b.body.pipeline.uuid).toBe('combo_b');
    // raw token (cookie) + API key in the body
    const c = await server.call('POST', '/api/pipelines', {
      apiKey: false,
      headers: { Cookie: `oauth_token=${raw}` },
      body: { api_key: API_KEY, pipeline: { name: 'combo c' } },
    });
    expect(c.body.pipeline.uuid).toBe('combo_c');
  });

  it('requires the API key on every call but the health check', async () => {
    const health = await server.call('GET', '/api/status', { apiKey: false });
    expect(health.body.statuses[0]).toMatchObject({ status: 'ok', require_user_authentication: true });
    const missing = await server.call('POST', '/api/sessions', { apiKey: false, body: { session: OWNER } });
    expect(missing.body.error).toMatchObject({ code: 401, type: 'invalid_api_key' });
    expect(missing.body.error.message).toMatch(/X-API-KEY/);
    const wrong = await server.call('GET', '/api/pipelines', { apiKey: 'nope' });
    expect(wrong.body).toEqual({ error: { code: 401, message: 'Invalid API key.', type: 'invalid_api_key' }, status: 200 });
    const wrongInQuery = await server.call('GET', '/api/pipelines', { apiKey: false, query: { api_key: API_KEY.slice(0, -1) } });
    expect(wrongInQuery.body.error.type).toBe('invalid_api_key');
  });

  it('refuses anonymous calls with the private-scope message, and unknown or forged tokens as invalid', async () => {
    const anonymous = await server.call('GET', '/api/pipelines');
    expect(anonymous.body.error).toEqual({ code: 403, message: 'Private access for list only, invalid scope.', type: 'unauthorized_access' });
    const unknown = await server.call('GET', '/api/pipelines', { token: 'A'.repeat(43) });
    expect(unknown.body.error).toEqual({ code: 401, message: 'Invalid OAuth token.', type: 'invalid_oauth_token' });
    const { decoded } = await server.login();
    const forged = await new SignJWT({ expires: 9e9, token: decoded }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-secret'));
    const badSignature = await server.call('GET', '/api/pipelines', { headers: { Cookie: `oauth_token=${forged}` } });
    expect(badSignature.body.error).toMatchObject({ code: 401, type: 'invalid_oauth_token' });
    const garbage = await server.call('GET', '/api/pipelines', { headers: { Cookie: 'oauth_token=not.a.jwt' } });
    expect(garbage.body.error.type).toBe('invalid_oauth_token');
  });

  it('logs out with PUT and with DELETE: the token expires, the returned session says when', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const { decoded } = await server.login();
      const out = await server.call(method, '/api/sessions/1', { token: decoded });
      expect(out.body.session.expires).toBe('2026-01-01 00:00:00.000000+00:00');
      expect(decodeJwtToken(out.body.session.token)).toBe(decoded);
      const after = await server.call('GET', '/api/pipelines', { token: decoded });
      expect(after.body.error).toEqual({ code: 401, message: 'Expired OAuth token.', type: 'expired_oauth_token' });
    }
    const anonymous = await server.call('PUT', '/api/sessions/1');
    expect(anonymous.body.error).toMatchObject({ code: 403, message: 'Private access for update only, invalid scope.' });
  });

  it('expires tokens after their lifetime', async () => {
    const { decoded } = await server.login();
    clock.advance(30 * 24 * 3600 * 1000 - 1);
    expect((await server.call('GET', '/api/pipelines', { token: decoded })).body).toHaveProperty('pipelines');
    clock.advance(1);
    expect((await server.call('GET', '/api/pipelines', { token: decoded })).body.error.type).toBe('expired_oauth_token');
  });

  it('lets a caller holding a stale token log in again', async () => {
    const { decoded } = await server.login();
    await server.call('PUT', '/api/sessions/1', { token: decoded });
    const again = await server.call('POST', '/api/sessions', { token: decoded, body: { session: OWNER } });
    expect(again.body.session.token).toBeTruthy();
  });

  it('refuses attributes outside the login payload', async () => {
    const reply = await server.call('POST', '/api/sessions', { body: { session: { ...OWNER, role: 'owner' } } });
    expect(reply.body.error).toMatchObject({ code: 403, message: 'write of role on create is disabled for sessions.' });
  });
});

describe('authentication off (REQUIRE_USER_AUTHENTICATION=0)', () => {
  let server: TestApi;
  beforeAll(async () => {
    server = await TestApi.start({ config: { requireUserAuthentication: false } });
  });
  afterAll(() => server.close());

  it('needs only the API key, and the caller acts as an owner', async () => {
    const created = await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'no auth' } } });
    expect(created.body.pipeline.uuid).toBe('no_auth');
    const users = await server.call('GET', '/api/users');
    expect(users.body.users.map((u: { email: string }) => u.email)).toEqual([OWNER.email]);
    const noKey = await server.call('GET', '/api/pipelines', { apiKey: false });
    expect(noKey.body.error.type).toBe('invalid_api_key');
    const health = await server.call('GET', '/api/status', { apiKey: false });
    expect(health.body.statuses[0].require_user_authentication).toBe(false);
  });

  it('ignores tokens for authorization but still logs a valid one out', async () => {
    const { decoded } = await server.login();
    const junk = await server.call('GET', '/api/pipelines', { token: 'junk' });
    expect(junk.body).toHaveProperty('pipelines');
    const out = await server.call('PUT', '/api/sessions/1', { token: decoded });
    expect(out.body.session.user.username).toBe('admin');
    const nothing = await server.call('PUT', '/api/sessions/1');
    expect(nothing.body.error).toMatchObject({ code: 400, type: 'api_resource_error' });
  });
});

describe('login throttling', () => {
  it('counts guesses still being verified: a parallel burst gets no more tries than the same guesses in turn', async () => {
    // bcrypt at cost 10 takes long enough that, counted only when they failed, many guesses would be verified at once.
    const server = await TestApi.start({ config: { bcryptRounds: 10, loginThrottle: { maxFailures: 3, windowSeconds: 60 } } });
    try {
      const guesses = Array.from({ length: 30 }, (_, i) =>
        server.call('POST', '/api/sessions', {
          body: { session: { [i % 2 ? 'email' : 'username']: i % 2 ? OWNER.email : OWNER.username, password: `wrong${i}` } },
        }),
      );
      const types = (await Promise.all(guesses)).map((reply) => reply.body.error.type);
      expect(types.filter((t) => t === 'record_not_found')).toHaveLength(3);
      expect(types.filter((t) => t === 'too_many_requests')).toHaveLength(27);
      // A name no account has is throttled alike, in a burst too.
      const ghosts = await Promise.all(
        Array.from({ length: 10 }, () => server.call('POST', '/api/sessions', { body: { session: { email: 'ghost@example.com', password: 'x' } } })),
      );
      expect(ghosts.filter((reply) => reply.body.error.type === 'record_not_found')).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('locks an account out after repeated failures, with Retry-After, and an unknown name alike', async () => {
    const clock = manualClock();
    const server = await TestApi.start({ clock, config: { loginThrottle: { maxFailures: 3, windowSeconds: 60 } } });
    try {
      const attempt = (session: Record<string, string>) => server.call('POST', '/api/sessions', { body: { session }, query: { _http_error_codes: '1' } });
      for (let i = 0; i < 3; i++) {
        expect((await attempt({ email: OWNER.email, password: `wrong${i}` })).body.error.type).toBe('record_not_found');
        clock.advance(1000);
      }
      const locked = await attempt({ email: 'ADMIN@admin.com', password: OWNER.password });
      expect(locked.status).toBe(429);
      expect(locked.body.error).toEqual({
        code: 429,
        type: 'too_many_requests',
        message: 'Too many failed logins for this account from this client. Try again in 57 seconds.',
      });
      expect(locked.headers.get('retry-after')).toBe('57');
      // The same account by its username: one budget per account, not per way of naming it.
      expect((await attempt({ username: ' Admin ', password: OWNER.password })).body.error.type).toBe('too_many_requests');
      for (let i = 0; i < 3; i++) await attempt({ email: 'ghost@example.com', password: 'x' });
      expect((await attempt({ email: 'ghost@example.com', password: 'x' })).body.error.type).toBe('too_many_requests');
      clock.advance(57_000);
      expect((await attempt({ email: OWNER.email, password: OWNER.password })).body.session.user.username).toBe('admin');
      // A success clears the count.
      await attempt({ email: OWNER.email, password: 'wrong' });
      expect((await attempt({ email: OWNER.email, password: OWNER.password })).body.session).toBeDefined();
    } finally {
      await server.close();
    }
  });
});
