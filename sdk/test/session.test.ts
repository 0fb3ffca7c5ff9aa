import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExpiredOAuthTokenError,
  InvalidOAuthTokenError,
  RecordNotFoundError,
  SessionRequiredError,
  UnauthorizedAccessError,
  createClient,
  isUnauthenticated,
  type PipelineError,
} from '../src/index.js';
import { API_KEY, OWNER, TestServer, manualClock } from '../../server/test/harness.js';

/** A client whose hooks are recorded. */
function recorded(baseUrl: string, token?: string) {
  const unauthenticated: string[] = [];
  const tokens: (string | undefined)[] = [];
  const client = createClient({
    baseUrl,
    apiKey: API_KEY,
    token,
    onUnauthenticated: (error) => unauthenticated.push(error.name),
    onTokenChange: (t) => tokens.push(t),
  });
  return { client, unauthenticated, tokens };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const refusal = (message: string) => ({ error: { code: 403, message, type: 'unauthorized_access' }, status: 200 });

describe('what a UI needs from the SDK: "go to sign-in" apart from "you may not"', () => {
  const clock = manualClock();
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start({ clock });
  });
  afterAll(() => server.close());

  it('a call never logged in is a SessionRequiredError (still an UnauthorizedAccessError), and the hook hears it', async () => {
    const { client, unauthenticated, tokens } = recorded(server.url);
    const error = await client.pipelines.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionRequiredError);
    expect(error).toBeInstanceOf(UnauthorizedAccessError);
    expect(isUnauthenticated(error)).toBe(true);
    expect(error).toMatchObject({ code: 403, type: 'unauthorized_access', message: 'Private access for list only, invalid scope.' });
    expect(unauthenticated).toEqual(['SessionRequiredError']);
    expect(tokens).toEqual([]);
  });

  it('a role refusal stays a plain UnauthorizedAccessError and does not sign anyone out', async () => {
    const owner = createClient({ baseUrl: server.url, apiKey: API_KEY });
    await owner.sessions.login(OWNER);
    await owner.users.create({ email: 'viewer@example.com', password: 'password1', password_confirmation: 'password1', roles_new: [4] });
    const { client, unauthenticated, tokens } = recorded(server.url);
    await client.sessions.login({ email: 'viewer@example.com', password: 'password1' });
    const error = await client.pipelines.create({ name: 'not mine' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedAccessError);
    expect(error).not.toBeInstanceOf(SessionRequiredError);
    expect(isUnauthenticated(error)).toBe(false);
    expect(unauthenticated).toEqual([]);
    expect(client.token).toBeDefined();
    expect(tokens).toEqual([client.token!.raw]);
  });

  it('an expired token is forgotten, reported once through each hook, and a new login works', async () => {
    const { client, unauthenticated, tokens } = recorded(server.url);
    const session = await client.sessions.login(OWNER);
    expect(tokens).toEqual([session.token]);
    clock.advance(31 * 24 * 3600 * 1000);
    const error = await client.pipelines.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExpiredOAuthTokenError);
    expect(isUnauthenticated(error)).toBe(true);
    expect(client.token).toBeUndefined();
    expect(tokens).toEqual([session.token, undefined]);
    expect(unauthenticated).toEqual(['ExpiredOAuthTokenError']);
    // The next call carries no token: it asks for a session rather than repeating "expired".
    await expect(client.pipelines.list()).rejects.toBeInstanceOf(SessionRequiredError);
    await client.sessions.login(OWNER);
    expect(Array.isArray(await client.pipelines.list())).toBe(true);
  });

  it('an unknown token is refused as unauthenticated too', async () => {
    const { client, unauthenticated, tokens } = recorded(server.url, 'x'.repeat(43));
    await expect(client.pipelines.list()).rejects.toBeInstanceOf(InvalidOAuthTokenError);
    expect(unauthenticated).toEqual(['InvalidOAuthTokenError']);
    expect(tokens).toEqual([undefined]);
  });

  it('logout forgets the token even when the server refuses it (already expired)', async () => {
    const { decoded } = await server.login();
    const { client, tokens } = recorded(server.url, decoded);
    await server.call('PUT', '/api/sessions/1', { token: decoded }); // logged out elsewhere
    await expect(client.sessions.logout()).rejects.toBeInstanceOf(ExpiredOAuthTokenError);
    expect(client.token).toBeUndefined();
    expect(tokens).toEqual([undefined]);
  });

  it('a refused token does not clear a newer one from a login made while the call was in flight', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const client = createClient({
      baseUrl: 'http://api.test',
      apiKey: API_KEY,
      token: 'old-token',
      maxRetries: 0,
      fetch: async (input) => {
        if ((input instanceof Request ? input.url : String(input)).includes('/api/sessions'))
          return json({ session: { token: 'new-token', expires: null, user: null }, metadata: null, status: 200 });
        await gate;
        return json({ error: { code: 401, message: 'Expired OAuth token.', type: 'expired_oauth_token' }, status: 200 });
      },
    });
    const stale = client.pipelines.list().catch((e: unknown) => e);
    await client.sessions.login(OWNER);
    release();
    expect(await stale).toBeInstanceOf(ExpiredOAuthTokenError);
    expect(client.token?.decoded).toBe('new-token');
  });

  it('classifies from what the server sends: only the private-scope 403 of a tokenless call asks for a session', async () => {
    const answer = (body: unknown, token?: string) =>
      createClient({ baseUrl: 'http://api.test', apiKey: API_KEY, token, fetch: async () => json(body) })
        .pipelines.list()
        .catch((e: unknown) => e);
    expect(await answer(refusal('Private access for list only, invalid scope.'))).toBeInstanceOf(SessionRequiredError);
    // A token was sent and the server still saw none (a proxy dropped it): signing in again would not help.
    const proxied = await answer(refusal('Private access for list only, invalid scope.'), 'x'.repeat(43));
    expect(proxied).toBeInstanceOf(UnauthorizedAccessError);
    expect(proxied).not.toBeInstanceOf(SessionRequiredError);
    for (const message of [
      'The delete action is disabled for statuses.',
      'Unauthorized operation list on users, failed condition.',
      'Public access for create only, invalid scope.',
    ]) {
      const error = await answer(refusal(message));
      expect(error, message).toBeInstanceOf(UnauthorizedAccessError);
      expect(isUnauthenticated(error), message).toBe(false);
    }
  });

  it('types errors as a union that `type` narrows (checked by tsc), and the class decides the type', async () => {
    const missing = (await createClient({
      baseUrl: 'http://api.test',
      apiKey: API_KEY,
      fetch: async () => json({ error: { code: 404, message: 'Not found.' } }),
    })
      .pipelines.detail('x')
      .catch((e: unknown) => e)) as PipelineError;
    if (missing.type === 'record_not_found') {
      const narrowed: RecordNotFoundError = missing;
      expect(narrowed.code).toBe(404);
    } else {
      expect.unreachable(`an envelope's 404 without a type is a RecordNotFoundError with its type: ${missing.type}`);
    }
    // @ts-expect-error: not a catalogue type
    expect(missing.type === 'record_not_fund').toBe(false);
    const odd = (await createClient({
      baseUrl: 'http://api.test',
      apiKey: API_KEY,
      fetch: async () => json({ error: { code: 400, message: 'new', type: 'brand_new_type' } }),
    })
      .pipelines.list()
      .catch((e: unknown) => e)) as PipelineError;
    expect(odd.type).toBeUndefined();
    expect(odd).toMatchObject({ code: 400, body: { error: { type: 'brand_new_type' } } });
  });
});
