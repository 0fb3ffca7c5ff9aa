import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, TestServer } from './harness.js';
import { TestApi } from '../../core/test/harness.js';
import { LOCATIONS, LOWEST_ROLE, PROMISES, ROLES, STATES, expected, policyAccess, routes, type Outcome } from './auth-matrix.js';
import { examplesOf } from '../route-examples/index.js';
import { tokensTable } from '../../core/src/model/tokens.js';
import { issueToken } from '../../core/src/auth/tokens.js';

const ROLE_IDS = { owner: 1, admin: 2, editor: 3, viewer: 4 } as const;

it('the policies let through the lowest role the table states for each route, and the table names every route', () => {
  expect(Object.keys(LOWEST_ROLE).sort()).toEqual(routes.map((r) => r.id).sort());
  expect(Object.fromEntries(routes.map((r) => [r.id, policyAccess(r.id)]))).toEqual(LOWEST_ROLE);
});

it('each promise docs/security.md makes names a test that is there', () => {
  for (const { file, test } of PROMISES) {
    const source = readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8');
    expect(source, file).toContain(test);
  }
});

/**
 * The policies decide every cell, so the matrix runs in-process (the core's dispatch) in both modes; one pass over
 * HTTP shows the transport hands each credential location through alike.
 */
const PASSES = [
  ['in process', true],
  ['in process', false],
  ['over HTTP', true],
] as const;

describe.each(PASSES)('the auth matrix %s, user authentication %s', (transport, authOn) => {
  let server: TestServer | TestApi;
  /** The owner's set-up calls (users, the records a cell targets): in process on both transports, as only the cells test the transport. */
  let setup: TestApi;
  let owner: string;
  let ownerId: number;
  let n = 0;

  beforeAll(async () => {
    const options = { config: { requireUserAuthentication: authOn, loginThrottle: { maxFailures: 1000, windowSeconds: 60 } } };
    server = transport === 'over HTTP' ? await TestServer.start(options) : await TestApi.start(options);
    setup = server instanceof TestServer ? TestApi.over(server.running.api) : server;
    const login = await server.login();
    owner = login.decoded;
    ownerId = (login.reply.body as { session: { user: { id: number } } }).session.user.id;
  });
  afterAll(() => server.close());

  const asOwner = (method: string, path: string, body?: unknown) => setup.call(method, path, { token: owner, body });

  /** A target that exists for the cell, so the policy (not a 404) decides: server/route-examples makes it. */
  async function prepare(routeId: string) {
    const id = ++n;
    const { node, key } = routes.find((r) => r.id === routeId)!;
    const { authMatrix } = examplesOf(node);
    const ownerCall = async (method: string, path: string, body?: unknown) => (await asOwner(method, path, body)).body as Record<string, unknown>;
    const prepared = authMatrix.prepare ? await authMatrix.prepare(ownerCall, id) : {};
    const target = authMatrix.targets[key];
    if (!target) throw new Error(`no auth-matrix target for ${routeId}: add it to server/route-examples`);
    return target(prepared, id);
  }

  /**
   * A token for a user, stored as a login stores it: the matrix is about what a token may do, and a login per cell
   * (a bcrypt check each, some 1,100 in all) cost this file a fifth of its CPU time. Logging in is tested elsewhere.
   */
  async function tokenOf(userId: number) {
    const api = server instanceof TestServer ? server.running.api : server.api;
    const issued = await issueToken(userId, { ...api, random: (bytes) => crypto.getRandomValues(bytes) });
    tokensTable.in(api.repo).put(issued.record);
    return { raw: issued.raw, decoded: issued.decoded, record: issued.record };
  }

  /** One user per role on this server, made on first use: a cell's target is a record of its own, never that user. */
  const roleUsers = new Map<keyof typeof ROLE_IDS, number>();

  /** The token each role's last cell used. */
  const roleTokens = new Map<keyof typeof ROLE_IDS, Awaited<ReturnType<typeof tokenOf>>>();

  /**
   * A token of a user of that role, valid as the cell starts: the last cell's while it is stored as it was issued,
   * else a fresh one (a logout cell expires its token).
   */
  async function tokenFor(role: keyof typeof ROLE_IDS) {
    let id = roleUsers.get(role);
    if (id === undefined) {
      const email = `${role}-${++n}@x.io`;
      const created = await asOwner('POST', '/api/users', {
        user: { email, password: 'password1', password_confirmation: 'password1', roles_new: [ROLE_IDS[role]] },
      });
      id = (created.body as { user: { id: number } }).user.id;
      roleUsers.set(role, id);
    }
    const last = roleTokens.get(role);
    if (last && isDeepStrictEqual(tokensTable.in(server.repo).get(last.record.key), last.record)) return last;
    const fresh = await tokenOf(id);
    roleTokens.set(role, fresh);
    return fresh;
  }

  const classify = (body: any): Outcome => {
    const type = body.error?.type;
    if (type === 'invalid_api_key' || type === 'invalid_oauth_token' || type === 'expired_oauth_token') return type;
    if (type === 'unauthorized_access') return 'forbidden';
    return 'allowed';
  };

  it.each(routes.map((r) => r.id))(
    '%s',
    async (routeId) => {
      const route = routes.find((r) => r.id === routeId)!;
      const observed: Record<string, Outcome> = {};
      const wanted: Record<string, Outcome> = {};
      // A read changes nothing it reads: its cells share one target; any other cell gets a target of its own.
      let readTarget: ReturnType<typeof prepare> | undefined;
      const targetOfCell = () => (route.method === 'GET' ? (readTarget ??= prepare(routeId)) : prepare(routeId));
      const send = async (label: string, state: Parameters<typeof expected>[2], headers: Record<string, string>, withKey: string | false = API_KEY) => {
        const target = await targetOfCell();
        const reply = await server.call(route.method, target.path, {
          apiKey: withKey,
          headers: { ...headers, ...target.headers },
          body: target.body,
          query: target.query,
        });
        observed[label] = classify(reply.body);
        wanted[label] = expected(routeId, authOn, state);
      };

      await send('no key', 'no key', {}, false);
      await send('wrong key', 'wrong key', {}, 'wrong');
      await send('no token', 'no token', {});
      await send('unknown token', 'unknown token', { 'OAUTH-TOKEN': 'u'.repeat(43) });
      const forged = await new SignJWT({ expires: 9e9, token: 'f'.repeat(43) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode('not-the-secret'));
      await send('bad signature', 'bad signature', { Cookie: `oauth_token=${forged}` });
      const out = await tokenOf(ownerId);
      await setup.call('PUT', '/api/sessions/1', { token: out.decoded });
      await send('logged out', 'logged out', { 'OAUTH-TOKEN': out.decoded });
      const stale = await tokenOf(ownerId);
      tokensTable.in(server.repo).put({ ...stale.record, expires_at: 0 });
      await send('expired token', 'expired token', { 'OAUTH-TOKEN': stale.decoded });

      for (const role of ROLES) {
        for (const location of LOCATIONS) {
          const { raw, decoded } = await tokenFor(role);
          const headers: Record<string, string> =
            location === 'OAUTH-TOKEN'
              ? { 'OAUTH-TOKEN': decoded }
              : location === 'Bearer'
                ? { Authorization: `Bearer ${decoded}` }
                : { Cookie: `oauth_token=${raw}` };
          await send(`${role} via ${location}`, role, headers);
        }
      }
      expect(observed).toEqual(wanted);
      expect(Object.keys(observed)).toHaveLength(STATES.length + ROLES.length * LOCATIONS.length);
    },
    60_000,
  );
});
