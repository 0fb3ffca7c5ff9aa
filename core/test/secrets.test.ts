import { describe, expect, it } from 'vitest';
import { createApi } from '../src/api.js';
import { sealerOf, secretsTable } from '../src/resources/secrets/table.js';
import { MAX_SECRETS } from '../src/resources/secrets/resource.js';
import { createSealer, generateSecretKey, SecretUnsealError } from '../src/secrets/sealing.js';

const VALUE = 'pw-7f3a9c21-unique-secret-value';

async function setup(options: { auth?: boolean; secretKey?: Uint8Array } = {}) {
  const api = await createApi({ config: { requireUserAuthentication: options.auth ?? false, bcryptRounds: 4 }, secretKey: options.secretKey });
  const answers: string[] = [];
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, query: Record<string, string> = {}) => {
    const outcome = await api.core.dispatch({ method, path, query, headers: { 'x-api-key': api.config.apiKey, ...headers }, body, client: 'test' });
    answers.push(JSON.stringify(outcome));
    return outcome.body as any;
  };
  return { api, call, answers };
}

describe('secrets', () => {
  it('create, list and delete answer id and name only; the value is in no answer', async () => {
    const { call, answers } = await setup();
    const created = await call('POST', '/api/secrets', { secret: { name: 'warehouse_password', value: VALUE } });
    expect(created).toEqual({ secret: { id: 1, name: 'warehouse_password' }, metadata: null, status: 200 });
    await call('POST', '/api/secrets', { secret: { name: 'api_token', value: 'another' } });
    const list = await call('GET', '/api/secrets');
    expect(list).toEqual({
      secrets: [
        { id: 1, name: 'warehouse_password' },
        { id: 2, name: 'api_token' },
      ],
      metadata: { count: 2, next: false },
      status: 200,
    });
    for (const format of ['detail', 'list', 'everything'])
      expect(JSON.stringify(await call('GET', '/api/secrets', undefined, {}, { _format: format }))).not.toContain(VALUE);
    expect(await call('DELETE', '/api/secrets/warehouse_password')).toEqual({ secret: { id: 1, name: 'warehouse_password' }, metadata: null, status: 200 });
    expect((await call('DELETE', '/api/secrets/warehouse_password')).error).toMatchObject({ code: 404, type: 'record_not_found' });
    expect((await call('GET', '/api/secrets')).secrets).toEqual([{ id: 2, name: 'api_token' }]);
    expect(answers.join('\n')).not.toContain(VALUE);
  });

  it('is stored sealed with the name as associated data; another key opens nothing', async () => {
    const { api, call } = await setup();
    await call('POST', '/api/secrets', { secret: { name: 'db', value: VALUE } });
    const stored = secretsTable.in(api.repo).get('db')!;
    expect(JSON.stringify(stored)).not.toContain(VALUE);
    expect(stored.sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const sealer = sealerOf(api.repo);
    expect(await sealer.unseal('db', stored.sealed)).toBe(VALUE);
    await expect(sealer.unseal('other', stored.sealed)).rejects.toBeInstanceOf(SecretUnsealError);
    const other = await createSealer(generateSecretKey());
    await expect(other.unseal('db', stored.sealed)).rejects.toMatchObject({ reason: 'other_key' });
  });

  it('a repository whose values were sealed with another key lists none of them, and does not fail', async () => {
    const keyA = generateSecretKey();
    const first = await setup({ secretKey: keyA });
    await first.call('POST', '/api/secrets', { secret: { name: 'db', value: VALUE } });
    const rows = secretsTable.in(first.api.repo).list();
    const second = await setup({ secretKey: generateSecretKey() });
    for (const row of rows) secretsTable.in(second.api.repo).put(row);
    expect(await second.call('GET', '/api/secrets')).toMatchObject({ secrets: [], metadata: { count: 0 } });
    expect((await second.call('DELETE', '/api/secrets/db')).error).toMatchObject({ code: 404 });
    // The name can be taken again: the unreadable value is replaced.
    expect((await second.call('POST', '/api/secrets', { secret: { name: 'db', value: 'new' } })).secret.name).toBe('db');
    expect(await sealerOf(second.api.repo).unseal('db', secretsTable.in(second.api.repo).get('db')!.sealed)).toBe('new');
  });

  it('refuses a taken name, a bad name and a bad value, and no error repeats the value', async () => {
    const { call, answers } = await setup();
    await call('POST', '/api/secrets', { secret: { name: 'db', value: VALUE } });
    const taken = await call('POST', '/api/secrets', { secret: { name: 'db', value: VALUE } });
    expect(taken.error).toMatchObject({ code: 400, type: 'record_invalid', errors: [{ path: 'secret.name' }] });
    for (const name of ['1db', 'my-secret', 'a b', '', 'x'.repeat(256)]) {
      expect((await call('POST', '/api/secrets', { secret: { name, value: VALUE } })).error, name).toMatchObject({ code: 400, type: 'record_invalid' });
    }
    expect((await call('POST', '/api/secrets', { secret: { name: 'empty', value: '' } })).error).toMatchObject({
      code: 400,
      errors: [{ path: 'secret.value' }],
    });
    const big = `${VALUE}${'x'.repeat(64 * 1024)}`;
    expect((await call('POST', '/api/secrets', { secret: { name: 'big', value: big } })).error).toMatchObject({
      code: 400,
      errors: [{ path: 'secret.value' }],
    });
    expect((await call('POST', '/api/secrets', { secret: { name: 'num', value: 12345 } })).error).toMatchObject({ code: 400 });
    expect((await call('POST', '/api/secrets', { secret: { name: 'obj', value: { v: VALUE } } })).error).toMatchObject({ code: 400 });
    expect((await call('POST', '/api/secrets', { secret: { value: VALUE } })).error).toMatchObject({ code: 400 });
    expect(answers.join('\n')).not.toContain(VALUE);
    expect((await call('GET', '/api/secrets')).secrets).toEqual([{ id: 1, name: 'db' }]);
  });

  it('holds at most MAX_SECRETS, with a clear error past it', async () => {
    const { api, call } = await setup();
    const table = secretsTable.in(api.repo);
    for (let i = 0; i < MAX_SECRETS; i++) table.put({ id: table.nextId(), name: `s${i}`, sealed: await sealerOf(api.repo).seal(`s${i}`, 'v'), created_at: 0 });
    const refused = await call('POST', '/api/secrets', { secret: { name: 'one_more', value: 'v' } });
    expect(refused.error.message).toContain(`${MAX_SECRETS} secrets`);
    expect(await call('DELETE', '/api/secrets/s0')).toMatchObject({ secret: { name: 's0' } });
    expect((await call('POST', '/api/secrets', { secret: { name: 'one_more', value: 'v' } })).secret.name).toBe('one_more');
  });

  it('editor and above; viewers and callers without a session are refused', async () => {
    const { api, call } = await setup({ auth: true });
    const login = async (email: string, password: string) => {
      const session = (await call('POST', '/api/sessions', { session: { email, password } })).session;
      return { 'oauth-token': JSON.parse(atob(session.token.split('.')[1])).token as string };
    };
    const owner = await login(api.config.defaultOwner.email, api.config.defaultOwner.password);
    for (const [email, role] of [
      ['viewer@x.io', 4],
      ['editor@x.io', 3],
    ] as const) {
      await call('POST', '/api/users', { user: { email, password: 'password1', password_confirmation: 'password1', roles_new: [role] } }, owner);
    }
    const viewer = await login('viewer@x.io', 'password1');
    const editor = await login('editor@x.io', 'password1');
    expect((await call('GET', '/api/secrets')).error).toMatchObject({ code: 403 });
    expect((await call('GET', '/api/secrets', undefined, viewer)).error).toMatchObject({ code: 403 });
    expect((await call('POST', '/api/secrets', { secret: { name: 'v', value: VALUE } }, viewer)).error).toMatchObject({ code: 403 });
    expect((await call('POST', '/api/secrets', { secret: { name: 'e', value: VALUE } }, editor)).secret).toEqual({ id: 1, name: 'e' });
    expect((await call('DELETE', '/api/secrets/e', undefined, viewer)).error).toMatchObject({ code: 403 });
    expect((await call('GET', '/api/secrets', undefined, editor)).secrets).toEqual([{ id: 1, name: 'e' }]);
    expect((await call('DELETE', '/api/secrets/e', undefined, editor)).secret.name).toBe('e');
  });
});
