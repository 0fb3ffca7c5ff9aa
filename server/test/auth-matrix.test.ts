import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, TestServer } from './harness.js';
import { LOCATIONS, ROLES, STATES, expected, renderSecurityDoc, routes, type Outcome } from './auth-matrix.js';

const SECURITY_DOC = fileURLToPath(new URL('../../docs/security.md', import.meta.url));
const ROLE_IDS = { owner: 1, admin: 2, editor: 3, viewer: 4 } as const;

it('docs/security.md is the matrix the policies define (UPDATE_DOCS=1 rewrites it)', () => {
  if (process.env.UPDATE_DOCS) writeFileSync(SECURITY_DOC, renderSecurityDoc());
  expect(readFileSync(SECURITY_DOC, 'utf8')).toBe(renderSecurityDoc());
});

describe.each([true, false])('the auth matrix over HTTP, user authentication %s', (authOn) => {
  let server: TestServer;
  let owner: string;
  let n = 0;
  const passwords = new Map<string, string>();

  beforeAll(async () => {
    server = await TestServer.start({ config: { requireUserAuthentication: authOn, loginThrottle: { maxFailures: 1000, windowSeconds: 60 } } });
    owner = (await server.login()).decoded;
  });
  afterAll(() => server.close());

  const asOwner = (method: string, path: string, body?: unknown) => server.call(method, path, { token: owner, body });

  /** A target that exists for this one cell, so the policy (not a 404) decides. */
  async function prepare(routeId: string) {
    const id = ++n;
    const p = `m${id}`;
    await asOwner('POST', '/api/pipelines', { pipeline: { name: p } });
    await asOwner('POST', `/api/pipelines/${p}/blocks`, { block: { name: `${p}_b`, type: 'transformer' } });
    const victim = await asOwner('POST', '/api/users', { user: { email: `v${id}@x.io`, password: 'password1', password_confirmation: 'password1', roles_new: [4] } });
    const uid = victim.body.user.id;
    const schedule = (await asOwner('POST', `/api/pipelines/${p}/pipeline_schedules`, { pipeline_schedule: { name: p, schedule_type: 'api', status: 'active' } })).body.pipeline_schedule;
    const sid = schedule.id;
    const rid = (await asOwner('POST', `/api/pipeline_schedules/${sid}/pipeline_runs`, { pipeline_run: {} })).body.pipeline_run.id;
    const table: Record<string, { method?: string; path: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> }> = {
      'statuses.list': { path: '/api/status' },
      'sessions.login': { path: '/api/sessions', body: { session: { email: `v${id}@x.io`, password: 'password1' } } },
      'sessions.logout': { path: '/api/sessions/1' },
      'sessions.delete': { path: '/api/sessions/1' },
      'users.list': { path: '/api/users' },
      'users.create': { path: '/api/users', body: { user: { email: `new${id}@x.io`, password: 'password1', password_confirmation: 'password1' } } },
      'users.detail': { path: `/api/users/${uid}` },
      'users.update': { path: `/api/users/${uid}`, body: { user: { first_name: 'F' } } },
      'users.delete': { path: `/api/users/${uid}` },
      'pipelines.list': { path: '/api/pipelines', query: { _limit: '1' } },
      'pipelines.create': { path: '/api/pipelines', body: { pipeline: { name: `new ${id}` } } },
      'pipelines.detail': { path: `/api/pipelines/${p}` },
      'pipelines.update': { path: `/api/pipelines/${p}`, body: { pipeline: { description: 'd' } } },
      'pipelines.delete': { path: `/api/pipelines/${p}` },
      'pipelines.blocks.list': { path: `/api/pipelines/${p}/blocks` },
      'pipelines.blocks.create': { path: `/api/pipelines/${p}/blocks`, body: { block: { name: `new ${id}`, type: 'transformer' } } },
      'pipelines.blocks.detail': { path: `/api/pipelines/${p}/blocks/${p}_b` },
      'pipelines.blocks.update': { path: `/api/pipelines/${p}/blocks/${p}_b`, body: { block: { color: 'teal' } } },
      'pipelines.blocks.delete': { path: `/api/pipelines/${p}/blocks/${p}_b` },
      'blocks.list': { path: '/api/blocks', query: { _limit: '1' } },
      'blocks.detail': { path: `/api/blocks/${p}_b` },
      'blocks.update': { path: `/api/blocks/${p}_b`, body: { block: { color: 'teal' } } },
      'blocks.delete': { path: `/api/blocks/${p}_b` },
      'pipelines.pipelineSchedules.list': { path: `/api/pipelines/${p}/pipeline_schedules` },
      'pipelines.pipelineSchedules.create': { path: `/api/pipelines/${p}/pipeline_schedules`, body: { pipeline_schedule: { name: 'new' } } },
      'pipelines.logs.list': { path: `/api/pipelines/${p}/logs` },
      'pipelineSchedules.list': { path: '/api/pipeline_schedules', query: { _limit: '1' } },
      'pipelineSchedules.detail': { path: `/api/pipeline_schedules/${sid}` },
      'pipelineSchedules.update': { path: `/api/pipeline_schedules/${sid}`, body: { pipeline_schedule: { description: 'd' } } },
      'pipelineSchedules.delete': { path: `/api/pipeline_schedules/${sid}` },
      'pipelineSchedules.pipelineRuns.list': { path: `/api/pipeline_schedules/${sid}/pipeline_runs` },
      'pipelineSchedules.pipelineRuns.create': { path: `/api/pipeline_schedules/${sid}/pipeline_runs`, body: { pipeline_run: {} } },
      'pipelineSchedules.apiTrigger.runWithPathToken': { path: `/api/pipeline_schedules/${sid}/pipeline_runs/${schedule.token}` },
      // The trigger's own bearer token wins over the cell's credentials: the route reads nothing else.
      'pipelineSchedules.apiTrigger.runWithBearerToken': { path: `/api/pipeline_schedules/${sid}/api_trigger`, headers: { Authorization: `Bearer ${schedule.token}` } },
      'pipelineRuns.list': { path: '/api/pipeline_runs', query: { _limit: '1' } },
      'pipelineRuns.detail': { path: `/api/pipeline_runs/${rid}` },
      'pipelineRuns.update': { path: `/api/pipeline_runs/${rid}`, body: { pipeline_run: { status: 'cancelled' } } },
      'pipelineRuns.delete': { path: `/api/pipeline_runs/${rid}` },
      'pipelineRuns.blockRuns.list': { path: `/api/pipeline_runs/${rid}/block_runs` },
      'blockRuns.list': { path: '/api/block_runs', query: { _limit: '1' } },
    };
    const target = table[routeId];
    if (!target) throw new Error(`no target for ${routeId}: add it when adding a route`);
    return target;
  }

  /** A logged-in user of that role: a fresh token per cell (logout cells expire theirs). */
  async function tokenFor(role: keyof typeof ROLE_IDS) {
    const email = `${role}-${++n}@x.io`;
    await asOwner('POST', '/api/users', { user: { email, password: 'password1', password_confirmation: 'password1', roles_new: [ROLE_IDS[role]] } });
    passwords.set(email, 'password1');
    return server.login({ email, password: 'password1' });
  }

  const classify = (body: any): Outcome => {
    const type = body.error?.type;
    if (type === 'invalid_api_key' || type === 'invalid_oauth_token' || type === 'expired_oauth_token') return type;
    if (type === 'unauthorized_access') return 'forbidden';
    return 'allowed';
  };

  it.each(routes.map((r) => r.id))('%s', async (routeId) => {
    const { route } = routes.find((r) => r.id === routeId)!;
    const observed: Record<string, Outcome> = {};
    const wanted: Record<string, Outcome> = {};
    const send = async (label: string, state: Parameters<typeof expected>[2], headers: Record<string, string>, withKey: string | false = API_KEY) => {
      const target = await prepare(routeId);
      const reply = await server.call(target.method ?? route.method, target.path, { apiKey: withKey, headers: { ...headers, ...target.headers }, body: target.body, query: target.query });
      observed[label] = classify(reply.body);
      wanted[label] = expected(routeId, authOn, state);
    };

    await send('no key', 'no key', {}, false);
    await send('wrong key', 'wrong key', {}, 'wrong');
    await send('no token', 'no token', {});
    await send('unknown token', 'unknown token', { 'OAUTH-TOKEN': 'u'.repeat(43) });
    const forged = await new SignJWT({ expires: 9e9, token: 'f'.repeat(43) }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode('not-the-secret'));
    await send('bad signature', 'bad signature', { Cookie: `oauth_token=${forged}` });
    const out = await server.login();
    await server.call('PUT', '/api/sessions/1', { token: out.decoded });
    await send('logged out', 'logged out', { 'OAUTH-TOKEN': out.decoded });
    const stale = await server.login();
    const record = [...server.repo.tokens.list()].sort((a, b) => b.created_at - a.created_at)[0]!;
    server.repo.tokens.put({ ...record, expires_at: 0 });
    await send('expired token', 'expired token', { 'OAUTH-TOKEN': stale.decoded });

    for (const role of ROLES) {
      for (const location of LOCATIONS) {
        const { raw, decoded } = await tokenFor(role);
        const headers: Record<string, string> =
          location === 'OAUTH-TOKEN' ? { 'OAUTH-TOKEN': decoded } : location === 'Bearer' ? { Authorization: `Bearer ${decoded}` } : { Cookie: `oauth_token=${raw}` };
        await send(`${role} via ${location}`, role, headers);
      }
    }
    expect(observed).toEqual(wanted);
    expect(Object.keys(observed)).toHaveLength(STATES.length + ROLES.length * LOCATIONS.length);
  }, 60_000);
});
