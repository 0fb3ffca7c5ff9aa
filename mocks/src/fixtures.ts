import type { Api } from '@pipeline-api/server/api';
import { resourceModules, type Fixtures, type ResourceModule, type Seeded } from '@pipeline-api/server/resources';

export type { Fixtures, Seeded };

/**
 * Creates fixtures through the API itself, as the default owner: every rule and invariant applies. Each
 * resource declares how its fixtures are made (its folder's fixtures.ts); they run in the registry's order.
 */
export async function seedFixtures({ core, config }: Api, fixtures: Fixtures): Promise<Seeded> {
  const headers: Record<string, string> = { 'x-api-key': config.apiKey };
  const call = async (routeId: string, params: Record<string, string>, body?: unknown) => {
    const method = core.routes.get(routeId).method;
    const outcome = await core.handle(routeId, { method, path: '', params, query: {}, headers, body });
    const envelope = outcome.body;
    const error = envelope.error;
    if (error) throw new Error(`seed: ${routeId} failed: ${typeof error === 'object' && 'message' in error ? String(error.message) : ''}`);
    return envelope;
  };

  const login = await call('sessions.login', {}, { session: { email: config.defaultOwner.email, password: config.defaultOwner.password } });
  const raw = (login.session as { token: string }).token;
  headers['oauth-token'] = JSON.parse(atob(raw.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).token;

  const seeded: Record<string, unknown[]> = {};
  try {
    const modules: ResourceModule[] = Object.values(resourceModules);
    for (const module of modules) {
      const declared = module.fixtures;
      if (!declared) continue;
      const items: unknown[] = (fixtures as Record<string, unknown[] | undefined>)[declared.key] ?? [];
      seeded[declared.key] = await declared.seed(call, items);
    }
  } finally {
    await call('sessions.logout', { id: '1' });
  }
  return seeded as Seeded;
}
