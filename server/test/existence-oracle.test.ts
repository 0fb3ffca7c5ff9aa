import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestApi } from '../../core/test/harness.js';
import { LOWEST_ROLE, routes } from './auth-matrix.js';
import { examplesOf } from '../route-examples/index.js';

/**
 * No existence oracle: a caller the policy refuses gets the same answer for a record that exists and for one that does
 * not, on every route that names a record (or a parent) in its path. Otherwise `403` vs `404` tells a viewer which
 * secret names, backfills or pipelines exist.
 */
const CALLERS = { 'no role': [], viewer: [4], editor: [3] } as const;

let server: TestApi;
let owner: string;
let n = 0;
const tokens = new Map<keyof typeof CALLERS, string>();

beforeAll(async () => {
  server = await TestApi.start({ config: { loginThrottle: { maxFailures: 1000, windowSeconds: 60 } } });
  owner = (await server.login()).decoded;
  for (const [name, roles] of Object.entries(CALLERS) as [keyof typeof CALLERS, readonly number[]][]) {
    const email = `oracle-${name.replace(' ', '-')}@x.io`;
    await server.call('POST', '/api/users', {
      token: owner,
      body: { user: { email, password: 'password1', password_confirmation: 'password1', roles_new: [...roles] } },
    });
    tokens.set(name, (await server.login({ email, password: 'password1' })).decoded);
  }
});
afterAll(() => server.close());

/** A record made for this one check (server/route-examples makes it), so the policy, not a 404, decides the taken case. */
async function takenTarget(routeId: string) {
  const id = ++n;
  const { node, key } = routes.find((r) => r.id === routeId)!;
  const { authMatrix } = examplesOf(node);
  const ownerCall = async (method: string, path: string, body?: unknown) =>
    (await server.call(method, path, { token: owner, body })).body as Record<string, unknown>;
  const prepared = authMatrix.prepare ? await authMatrix.prepare(ownerCall, id) : {};
  return authMatrix.targets[key]!(prepared, id);
}

/** The target's path with one path parameter swapped for an id nobody has. */
function withFreeParam(route: (typeof routes)[number], path: string, param: string): string {
  const match = new RegExp(`^${route.pattern}$`).exec(path.split('?')[0]!);
  if (!match?.groups) throw new Error(`${route.id}: its auth-matrix target ${path} does not match its route`);
  const numeric = /^\d+$/.test(match.groups[param]!);
  return route.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(name === param ? (numeric ? '987654' : 'free_name_987654') : match.groups![name]!),
  );
}

// A logout names no record (any id ends the caller's own session), and would end the callers' sessions here.
const checked = routes.filter((route) => route.params.length > 0 && !route.meta.session && !['anyone', 'key only'].includes(LOWEST_ROLE[route.id]!));

it('covers every route that names a record and needs a role', () => {
  expect(checked.map((r) => r.id)).toEqual(expect.arrayContaining(['secrets.delete', 'backfills.detail', 'pipelineVariables.list', 'users.detail']));
});

it.each(checked.map((r) => r.id))('%s: a refused caller gets the same answer for a taken and a free id', async (routeId) => {
  const route = routes.find((r) => r.id === routeId)!;
  let refusals = 0;
  for (const [name, token] of tokens) {
    for (const param of route.params) {
      const target = await takenTarget(routeId);
      const send = (path: string) =>
        server.call(route.method, path, { token, headers: target.headers, body: target.body, query: target.query }).then((reply) => reply.body);
      const taken = await send(target.path);
      if (taken.error?.type !== 'unauthorized_access') continue;
      refusals++;
      const free = await send(withFreeParam(route, target.path, param));
      expect(free.error, `${name} on ${route.method} ${route.path}, ${param} free`).toEqual(taken.error);
    }
  }
  // Every checked route refuses at least the caller with no role: the comparison above ran.
  expect(refusals).toBeGreaterThan(0);
});
