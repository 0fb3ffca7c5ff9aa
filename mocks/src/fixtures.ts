import type { Api } from '@pipeline-api/server/api';
import type { BlockCreate, Pipeline, PipelineCreate, User, UserCreate } from '@pipeline-api/contract';

export interface Fixtures {
  /** Users to create; `role` maps to Mage's role ids (null: no project access). */
  users?: (Omit<UserCreate, 'password_confirmation' | 'roles' | 'roles_new'> & { role?: 'owner' | 'admin' | 'editor' | 'viewer' | null })[];
  /** Pipelines to create, each with its blocks in order. */
  pipelines?: (PipelineCreate & { blocks?: BlockCreate[] })[];
}

export interface Seeded {
  users: User[];
  pipelines: Pipeline[];
}

const ROLE_IDS = { owner: 1, admin: 2, editor: 3, viewer: 4 } as const;

/** Creates fixtures through the API itself, as the default owner: every rule and invariant applies. */
export async function seedFixtures({ core, config }: Api, fixtures: Fixtures): Promise<Seeded> {
  const headers: Record<string, string> = { 'x-api-key': config.apiKey };
  const call = async (routeId: string, params: Record<string, string>, body?: unknown) => {
    const method = core.routes.get(routeId).route.method;
    const outcome = await core.handle(routeId, { method, path: '', params, query: {}, headers, body });
    const envelope = outcome.body as { error?: { message: string } } & Record<string, unknown>;
    if (envelope.error) throw new Error(`seed: ${routeId} failed: ${envelope.error.message}`);
    return envelope;
  };

  const login = await call('sessions.login', {}, { session: { email: config.defaultOwner.email, password: config.defaultOwner.password } });
  const raw = (login.session as { token: string }).token;
  headers['oauth-token'] = JSON.parse(atob(raw.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).token;

  const seeded: Seeded = { users: [], pipelines: [] };
  try {
    for (const { role, ...user } of fixtures.users ?? []) {
      const roles = role ? { roles_new: [ROLE_IDS[role]] } : {};
      const created = await call('users.create', {}, { user: { ...user, password_confirmation: user.password, ...roles } });
      seeded.users.push(created.user as User);
    }
    for (const { blocks, ...pipeline } of fixtures.pipelines ?? []) {
      const created = (await call('pipelines.create', {}, { pipeline })).pipeline as Pipeline;
      for (const block of blocks ?? []) await call('pipelines.blocks.create', { pipeline_uuid: created.uuid }, { block });
      seeded.pipelines.push((await call('pipelines.detail', { uuid: created.uuid })).pipeline as Pipeline);
    }
  } finally {
    await call('sessions.logout', { id: '1' });
  }
  return seeded;
}
