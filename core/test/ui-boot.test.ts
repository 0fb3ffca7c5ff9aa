import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../src/api.js';
import { seedFixtures } from '../src/fixtures/index.js';
import { seededRandom } from '../src/random.js';

/**
 * Mage 0.9.80's answers to the same requests, recorded from a real Mage (`REQUIRE_USER_AUTHENTICATION=1`, a pipeline
 * `ui_probe` tagged `nightly`); the project path masked as `/home/src/default_repo`.
 */
const mageAnswer = (file: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`mage-answers/${file}`, import.meta.url), 'utf8')).answer;

type Body = Record<string, any>;

/** Each key of Mage's item with a value of the same JSON type (null matches null, arrays arrays). */
function sameShape(ours: Body, mage: Body) {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  const keys = Object.keys(mage).sort();
  for (const key of keys) expect([key, kind(ours[key])]).toEqual([key, kind(mage[key])]);
}

let api: Api;
const call = async (method: string, path: string, options: { token?: string; body?: unknown; query?: Record<string, unknown>; key?: boolean } = {}) => {
  const headers: Record<string, string> = options.key === false ? {} : { 'x-api-key': api.config.apiKey };
  if (options.token) headers.cookie = `oauth_token=${options.token}`;
  const outcome = await api.core.dispatch({ method, path, query: options.query ?? {}, headers, body: options.body, client: 'test' });
  return outcome.body as Body;
};
const login = async (email: string, password: string) =>
  (await call('POST', '/api/sessions', { body: { session: { email, password } } })).session.token as string;

const tokens: Record<'owner' | 'editor' | 'viewer', string> = { owner: '', editor: '', viewer: '' };

beforeAll(async () => {
  api = await createApi({ config: { bcryptRounds: 4 }, random: seededRandom(3) });
  tokens.owner = await login('admin@admin.com', 'admin');
  for (const [role, id] of [
    ['editor', 3],
    ['viewer', 4],
  ] as const) {
    const user = { email: `${role}@x.io`, password: 'password1', password_confirmation: 'password1', roles_new: [id] };
    expect((await call('POST', '/api/users', { token: tokens.owner, body: { user } })).user).toBeDefined();
    tokens[role] = await login(`${role}@x.io`, 'password1');
  }
});

describe('statuses', () => {
  it('answers the same at /api/status and /api/statuses, with the keys and types of Mage’s, and needs no credentials', async () => {
    const plural = await call('GET', '/api/statuses', { key: false });
    const singular = await call('GET', '/api/status', { key: false });
    expect(plural).toEqual(singular);
    const mage = mageAnswer('statuses.json') as Body;
    const status = plural.statuses[0];
    // Process ids are null: the core has no process of its own.
    sameShape({ ...status, server_process_id: 0, scheduler_process_id: 0 }, mage.statuses[0]);
    expect(status).toMatchObject({
      status: 'ok',
      is_instance_manager: false,
      require_user_authentication: true,
      require_user_permissions: false,
      project_type: 'standalone',
      repo_path: '/home/src/default_repo',
      server_process_id: null,
    });
    expect(status.project_uuid).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reports the scheduler running once the transport has ticked it, and the same project uuid as the project', async () => {
    const fresh = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false } });
    const read = async () => (await fresh.core.dispatch({ method: 'GET', path: '/api/statuses', query: {}, headers: {}, body: undefined })).body as Body;
    expect((await read()).statuses[0].scheduler_status).toBe('stopped');
    fresh.tick();
    const status = (await read()).statuses[0];
    expect(status).toMatchObject({ scheduler_status: 'running', require_user_authentication: false });
    const project = (
      await fresh.core.dispatch({ method: 'GET', path: '/api/projects', query: {}, headers: { 'x-api-key': fresh.config.apiKey }, body: undefined })
    ).body as Body;
    expect(project.projects[0].project_uuid).toBe(status.project_uuid);
  });

  it('answers the health check when the store is full, before the project is stored', async () => {
    const full = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false, storage: { maxRecords: 1, maxBytes: 0 } } });
    const answer = (await full.core.dispatch({ method: 'GET', path: '/api/statuses', query: {}, headers: {}, body: undefined })).body as Body;
    expect(answer.statuses[0].project_uuid).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('projects', () => {
  it('answers Mage’s keys and types, every feature flag null until set, version 0.9.80', async () => {
    const body = await call('GET', '/api/projects', { token: tokens.viewer });
    const mage = mageAnswer('projects.json') as Body;
    sameShape(body.projects[0], mage.projects[0]);
    expect(Object.keys(body.projects[0].features)).toEqual(Object.keys(mage.projects[0].features));
    expect(body.projects[0]).toMatchObject({ name: 'default_repo', version: '0.9.80', latest_version: '0.9.80', openai_api_key: null, features_defined: {} });
  });

  it('answers a caller without a session the feature flags only (Mage’s public scope), whatever format it asks for', async () => {
    for (const query of [{}, { _format: 'default' }]) {
      const body = await call('GET', '/api/projects', { query });
      expect(body.projects).toHaveLength(1);
      expect(Object.keys(body.projects[0])).toEqual(['features']);
      expect(body.projects[0].features).toEqual((await call('GET', '/api/projects', { token: tokens.viewer })).projects[0].features);
    }
    expect(Object.keys((await call('GET', '/api/projects', { token: tokens.viewer })).projects[0])).toContain('project_uuid');
  });

  it('answers an expired or bad token with code 401, which sends Mage’s UI to sign-in, and keeps the update private', async () => {
    expect((await call('GET', '/api/projects', { token: 'not-a-token' })).error.code).toBe(401);
    const anonymousUpdate = await call('PUT', '/api/projects/default_repo', { body: { project: { help_improve_mage: false } } });
    expect(anonymousUpdate.error).toMatchObject({ code: 403, message: 'Private access for update only, invalid scope.' });
  });

  it('lets editors set feature flags and configs, keeps a flag sent null, and never answers the OpenAI key', async () => {
    const path = '/api/projects/default_repo';
    const set = await call('PUT', path, {
      token: tokens.editor,
      body: { project: { features: { polars: true, dbt_v2: false }, openai_api_key: 'sk-secret', emr_config: { master_instance_type: 'm5' } } },
    });
    expect(set.project.features).toMatchObject({ polars: true, dbt_v2: false, global_hooks: null });
    expect(set.project.features_defined).toEqual({ polars: true, dbt_v2: false });
    expect(set.project.emr_config).toEqual({ master_instance_type: 'm5' });
    expect(set.project.openai_api_key).toBeNull();
    expect(JSON.stringify(await call('GET', '/api/projects', { token: tokens.owner }))).not.toContain('sk-secret');
    const kept = await call('PUT', path, { token: tokens.editor, body: { project: { features: { polars: null } } } });
    expect(kept.project.features.polars).toBe(true);
  });

  it('lets a viewer change only help_improve_mage, refuses unknown flags and other names, and changes nothing when it refuses', async () => {
    const path = '/api/projects/default_repo';
    expect((await call('PUT', path, { token: tokens.viewer, body: { project: { help_improve_mage: false } } })).project.help_improve_mage).toBe(false);
    const refused = await call('PUT', path, { token: tokens.viewer, body: { project: { features: { polars: false } } } });
    expect(refused.error).toMatchObject({ code: 403, message: 'Unauthorized write access for features on projects for update operation, failed condition.' });
    const unknownFlag = await call('PUT', path, { token: tokens.owner, body: { project: { features: { no_such_flag: true } } } });
    expect(unknownFlag.error).toMatchObject({ code: 400, type: 'record_invalid' });
    const tooBig = await call('PUT', path, { token: tokens.owner, body: { project: { spark_config: { others: 'x'.repeat(20_000) } } } });
    expect(tooBig.error).toMatchObject({ code: 400, type: 'record_invalid' });
    expect((await call('PUT', '/api/projects/other', { token: tokens.owner, body: { project: { help_improve_mage: true } } })).error.code).toBe(404);
    const after = (await call('GET', '/api/projects', { token: tokens.owner })).projects[0];
    expect(after).toMatchObject({ help_improve_mage: false, features: { polars: true } });
    expect(after.spark_config.app_name).toBe('my spark app');
  });
});

describe('oauths', () => {
  it('lists no providers to a caller with the API key and no session, accepting the sign-in page’s redirect_uri', async () => {
    const body = await call('GET', '/api/oauths', { query: { redirect_uri: 'http://127.0.0.1:6789/sign-in' } });
    expect(body).toEqual({ ...mageAnswer('oauths.json'), metadata: { count: 0, next: false }, status: 200 });
    expect((await call('GET', '/api/oauths', { key: false })).error.code).toBe(401);
  });

  it('answers a provider Mage does not know as Mage, and a known one as not configured: no URL, not signed in', async () => {
    expect((await call('GET', '/api/oauths/facebook')).error).toMatchObject({ code: 400, message: 'Invalid provider.' });
    const github = await call('GET', '/api/oauths/github', { query: { redirect_uri: 'http://127.0.0.1:6789/settings' } });
    expect(github.oauth).toEqual({ authenticated: null, expires: null, provider: 'github', url: null, redirect_query_params: null });
  });
});

describe('git_branches', () => {
  it('answers Mage’s no-git branch to viewers, whatever the id', async () => {
    const body = await call('GET', '/api/git_branches/test', { token: tokens.viewer, query: { _format: 'with_basic_details' } });
    expect(body).toEqual({ ...mageAnswer('git_branches-test.json'), status: 200 });
    expect((await call('GET', '/api/git_branches/test', { token: tokens.viewer, query: { remote_url: 'x' } })).error.code).toBe(403);
  });
});

describe('client_pages', () => {
  it('answers pipeline_schedule:create as Mage for an editor, disabled for a viewer, and a 404 for an unknown page', async () => {
    await call('POST', '/api/pipelines', { token: tokens.owner, body: { pipeline: { name: 'ui_probe' } } });
    const query = { 'pipelines[]': 'ui_probe' };
    const editor = await call('GET', '/api/client_pages/pipeline_schedule:create', { token: tokens.editor, query });
    expect(editor).toEqual({ ...mageAnswer('client_pages-pipeline_schedule-create.json'), status: 200 });
    const viewer = await call('GET', '/api/client_pages/pipeline_schedule:create', { token: tokens.viewer, query });
    expect(viewer.client_page.disabled).toBe(true);
    const noPipeline = await call('GET', '/api/client_pages/pipeline_schedule:create', { token: tokens.viewer, query: { 'pipelines[]': 'nope' } });
    expect(noPipeline.client_page.disabled).toBe(false);
    expect((await call('GET', '/api/client_pages/nope:nope', { token: tokens.viewer })).error).toMatchObject({ code: 404, type: 'record_not_found' });
    expect((await call('GET', '/api/client_pages/pipeline_schedule:create', { token: tokens.owner, query: { widgets: '1' } })).error.code).toBe(400);
    const list = await call('GET', '/api/client_pages', { token: tokens.viewer });
    expect(list.client_pages.map((p: Body) => p.uuid)).toEqual(['pipeline_schedule:create', 'pipeline_schedule:list', 'pipeline:detail', 'pipeline:list']);
    expect(list.client_pages[0].components).toBeUndefined();
  });
});

describe('tags', () => {
  it('lists created tags and those of pipelines and triggers, one per name, sorted, with Mage’s keys', async () => {
    await call('POST', '/api/pipelines', { token: tokens.owner, body: { pipeline: { name: 'tagged', tags: ['nightly', 'sales'] } } });
    await call('POST', '/api/pipelines/tagged/pipeline_schedules', { token: tokens.owner, body: { pipeline_schedule: { name: 't', tags: ['hourly'] } } });
    const created = await call('POST', '/api/tags', { token: tokens.editor, body: { tag: { name: 'sales', description: 'Sales team' } } });
    expect(created.tag).toMatchObject({ name: 'sales', uuid: 'sales', description: 'Sales team' });
    const body = await call('GET', '/api/tags', { token: tokens.viewer });
    sameShape(
      body.tags.find((t: Body) => t.name === 'nightly'),
      (mageAnswer('tags.json') as Body).tags[0],
    );
    expect(body.tags).toEqual([
      { description: null, id: null, name: 'hourly', uuid: 'hourly' },
      { description: null, id: null, name: 'nightly', uuid: 'nightly' },
      { description: 'Sales team', id: created.tag.id, name: 'sales', uuid: 'sales' },
    ]);
    expect(body.metadata).toEqual({ count: 3, next: false });
    expect((await call('GET', '/api/tags', { token: tokens.viewer, query: { _limit: '1' } })).metadata).toEqual({ count: 3, next: true });
  });

  it('lets editors create tags, not viewers; refuses a taken name, an empty or long one, and more than the cap', async () => {
    expect((await call('POST', '/api/tags', { token: tokens.viewer, body: { tag: { name: 'v' } } })).error.code).toBe(403);
    expect((await call('POST', '/api/tags', { token: tokens.editor, body: { tag: { name: 'sales' } } })).error).toMatchObject({
      code: 400,
      message: 'Tag sales already exists.',
    });
    expect((await call('POST', '/api/tags', { token: tokens.editor, body: { tag: { name: '  ' } } })).error.code).toBe(400);
    expect((await call('POST', '/api/tags', { token: tokens.editor, body: { tag: { name: 'x'.repeat(256) } } })).error.code).toBe(400);
    expect((await call('POST', '/api/tags', { token: tokens.editor, body: { tag: { name: 'y', id: 5 } } })).error.code).toBe(403);
    const capped = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false } });
    const create = async (name: string) =>
      (await capped.core.dispatch({ method: 'POST', path: '/api/tags', query: {}, headers: { 'x-api-key': capped.config.apiKey }, body: { tag: { name } } }))
        .body as Body;
    for (let i = 0; i < 1000; i++) expect((await create(`t${i}`)).tag).toBeDefined();
    expect((await create('one-more')).error).toMatchObject({ code: 400, message: 'At most 1000 tags can be created.' });
  });

  it('are seeded from fixtures, beside the tags a fixture pipeline carries', async () => {
    const seededApi = await createApi({ config: { bcryptRounds: 4, requireUserAuthentication: false } });
    const seeded = await seedFixtures(seededApi, { pipelines: [{ name: 'etl', tags: ['daily'] }], tags: [{ name: 'finance', description: 'Finance' }] });
    expect(seeded.tags).toEqual([{ description: 'Finance', id: 1, name: 'finance', uuid: 'finance' }]);
    const listed = await seededApi.core.dispatch({
      method: 'GET',
      path: '/api/tags',
      query: {},
      headers: { 'x-api-key': seededApi.config.apiKey },
      body: undefined,
    });
    expect((listed.body as Body).tags.map((t: Body) => t.name)).toEqual(['daily', 'finance']);
  });
});
