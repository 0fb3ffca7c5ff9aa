import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, TestApi } from './harness.js';

describe('users and role rules', () => {
  let server: TestApi;
  let owner: string;
  let admin: Awaited<ReturnType<TestApi['userWithRole']>>;
  let editor: Awaited<ReturnType<TestApi['userWithRole']>>;
  let viewer: Awaited<ReturnType<TestApi['userWithRole']>>;

  beforeAll(async () => {
    ({ server, token: owner } = await TestApi.startLoggedIn());
    admin = await server.userWithRole('admin', owner);
    editor = await server.userWithRole('editor', owner);
    viewer = await server.userWithRole('viewer', owner);
  });
  afterAll(() => server.close());

  it('creates a user (owner only) and returns a token for them, never a password', async () => {
    const reply = await server.call('POST', '/api/users', {
      token: owner,
      body: {
        user: { email: 'new@example.com', username: 'newbie', password: 'longenough', password_confirmation: 'longenough', first_name: 'New', avatar: 'N😀x' },
      },
    });
    const { user } = reply.body;
    expect(user).toMatchObject({ email: 'new@example.com', username: 'newbie', first_name: 'New', owner: false, roles_new: [], project_access: 0 });
    expect(user.avatar).toBe('N😀'); // Mage keeps two characters
    expect(user.token.split('.')).toHaveLength(3);
    expect(JSON.stringify(reply.body)).not.toMatch(/password|\$2[aby]\$/);
    const byAdmin = await server.call('POST', '/api/users', {
      token: admin.token,
      body: { user: { email: 'x@example.com', password: 'longenough', password_confirmation: 'longenough' } },
    });
    expect(byAdmin.body.error).toEqual({ code: 403, message: 'Unauthorized operation create on users, failed condition.', type: 'unauthorized_access' });
  });

  it('validates a new user with Mage’s messages, naming the attribute', async () => {
    const attempt = (user: Record<string, unknown>) => server.call('POST', '/api/users', { token: owner, body: { user } });
    const ok = { email: 'v@example.com', password: 'longenough', password_confirmation: 'longenough' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...ok, email: 'not-an-email' }, 'user.email', 'Email address is invalid.'],
      [{ ...ok, email: OWNER.email }, 'user.email', `Account with same email is already taken: ${OWNER.email}.`],
      [{ ...ok, username: 'admin' }, 'user.username', 'Account with same username is already taken: admin.'],
      [{ ...ok, password: 'short', password_confirmation: 'short' }, 'user.password', 'Password must be 8 characters or longer.'],
      [{ ...ok, password_confirmation: 'different1' }, 'user.password_confirmation', 'Password and password confirmation do not match.'],
      [{ ...ok, roles_new: [9] }, 'user.roles_new', 'Roles with ids: [9] do not exist.'],
    ];
    for (const [user, path, message] of cases) {
      const reply = await attempt(user);
      expect(reply.body.error).toEqual({ code: 400, type: 'record_invalid', message, errors: [{ path, message }] });
    }
    const missing = await attempt({ email: 'm@example.com' });
    expect(missing.body.error.type).toBe('record_invalid');
    expect(missing.body.error.errors).toContainEqual({ path: 'user.password', message: 'is required' });
    const count = (await server.call('GET', '/api/users', { token: owner })).body.metadata.count;
    expect(count).toBe(5); // owner, admin, editor, viewer, new: nothing half-created
  });

  it('lists users for admins and owners only; admins see neither owners nor admins', async () => {
    const byOwner = await server.call('GET', '/api/users', { token: owner });
    expect(byOwner.body.users.map((u: { id: number }) => u.id)).toEqual([1, admin.id, editor.id, viewer.id, 5]);
    expect(byOwner.body.metadata).toEqual({ count: 5, next: false });
    const byAdmin = await server.call('GET', '/api/users', { token: admin.token });
    expect(byAdmin.body.users.map((u: { roles_display: string | null }) => u.roles_display)).toEqual(['Editor', 'Viewer', null]);
    for (const caller of [editor, viewer]) {
      const reply = await server.call('GET', '/api/users', { token: caller.token });
      expect(reply.body.error).toMatchObject({ code: 403, type: 'unauthorized_access' });
    }
  });

  it('pages users 40 at a time by default', async () => {
    const page = await server.call('GET', '/api/users', { token: owner, query: { _limit: '2', _offset: '1' } });
    expect(page.body.users).toHaveLength(2);
    expect(page.body.metadata).toEqual({ count: 5, next: true });
    const last = await server.call('GET', '/api/users', { token: owner, query: { _limit: '2', _offset: '4' } });
    expect(last.body.metadata).toEqual({ count: 5, next: false });
  });

  it('shows a user to themselves and to admins, with permissions but no token', async () => {
    const self = await server.call('GET', `/api/users/${viewer.id}`, { token: viewer.token });
    expect(self.body.user).toMatchObject({
      id: viewer.id,
      roles_display: 'Viewer',
      roles: 4,
      project_access: 8,
      permissions: [{ entity: 'project', access: 8 }],
    });
    expect(self.body.user).not.toHaveProperty('token');
    expect((await server.call('GET', `/api/users/${viewer.id}`, { token: admin.token })).body.user.id).toBe(viewer.id);
    const other = await server.call('GET', `/api/users/${editor.id}`, { token: viewer.token });
    expect(other.body.error.message).toBe('Unauthorized operation detail on users, failed condition.');
    const tokenFormat = await server.call('GET', `/api/users/${viewer.id}`, { token: owner, query: { _format: 'create' } });
    expect(tokenFormat.body.error).toMatchObject({ code: 403, message: 'read of token on detail is disabled for users.' });
  });

  it('answers 404 for a missing or non-numeric id', async () => {
    for (const id of ['999', 'abc', '1.5', '-1']) {
      const reply = await server.call('GET', `/api/users/${id}`, { token: owner });
      expect(reply.body.error).toMatchObject({ code: 404, type: 'record_not_found' });
    }
  });

  it('lets users edit themselves; roles are writable by admins and owners only', async () => {
    const self = await server.call('PUT', `/api/users/${editor.id}`, { token: editor.token, body: { user: { first_name: 'Eddie' } } });
    expect(self.body.user.first_name).toBe('Eddie');
    const promote = await server.call('PUT', `/api/users/${editor.id}`, { token: editor.token, body: { user: { roles_new: [2] } } });
    expect(promote.body.error).toEqual({
      code: 403,
      type: 'unauthorized_access',
      message: 'Unauthorized write access for roles_new on users for update operation, failed condition.',
    });
    const unknown = await server.call('PUT', `/api/users/${editor.id}`, { token: editor.token, body: { user: { owner: true } } });
    expect(unknown.body.error.message).toBe('write of owner on update is disabled for users.');
    const byAdmin = await server.call('PUT', `/api/users/${viewer.id}`, { token: admin.token, body: { user: { roles_new: [3] } } });
    expect(byAdmin.body.user.roles_display).toBe('Editor');
    await server.call('PUT', `/api/users/${viewer.id}`, { token: owner, body: { user: { roles: 4 } } });
  });

  it("enforces Mage's admin limits", async () => {
    const onOwner = await server.call('PUT', '/api/users/1', { token: admin.token, body: { user: { first_name: 'x' } } });
    expect(onOwner.body.error).toMatchObject({ code: 400, type: 'record_invalid', message: 'Admins cannot update users who are Owners.' });
    const makeAdmin = await server.call('PUT', `/api/users/${viewer.id}`, { token: admin.token, body: { user: { roles_new: [2] } } });
    expect(makeAdmin.body.error.message).toBe('Admins cannot make other users Admins.');
    const makeOwner = await server.call('PUT', `/api/users/${viewer.id}`, { token: admin.token, body: { user: { roles_new: [1] } } });
    expect(makeOwner.body.error.message).toBe('Admins cannot make other users Owners.');
  });

  it('needs the current password to change your own', async () => {
    const change = (extra: Record<string, unknown>) =>
      server.call('PUT', `/api/users/${viewer.id}`, {
        token: viewer.token,
        body: { user: { password: 'brandnew123', password_confirmation: 'brandnew123', ...extra } },
      });
    expect((await change({})).body.error.message).toBe('Current password is incorrect.');
    expect((await change({ password_current: 'wrong' })).body.error.message).toBe('Current password is incorrect.');
    expect((await change({ password_current: viewer.password })).body.user.id).toBe(viewer.id);
    const relogin = await server.call('POST', '/api/sessions', { body: { session: { email: viewer.email, password: 'brandnew123' } } });
    expect(relogin.body.session.user.id).toBe(viewer.id);
  });

  it('deletes users (owner only); their tokens stop working; the last owner stays', async () => {
    const victim = await server.userWithRole('viewer', owner, 'victim');
    const byAdmin = await server.call('DELETE', `/api/users/${victim.id}`, { token: admin.token });
    expect(byAdmin.body.error.code).toBe(403);
    const gone = await server.call('DELETE', `/api/users/${victim.id}`, { token: owner });
    expect(gone.body.user).toMatchObject({ id: victim.id, email: victim.email });
    expect((await server.call('GET', `/api/users/${victim.id}`, { token: owner })).body.error.code).toBe(404);
    expect((await server.call('GET', '/api/pipelines', { token: victim.token })).body.error.type).toMatch(/oauth_token$/);
    const lastOwner = await server.call('DELETE', '/api/users/1', { token: owner });
    expect(lastOwner.body.error).toMatchObject({ code: 400, type: 'record_invalid', message: 'The last owner cannot be removed or demoted.' });
  });

  it('gives a user without a role no project access', async () => {
    const nobody = await server.userWithRole(null, owner);
    const reply = await server.call('GET', '/api/pipelines', { token: nobody.token });
    expect(reply.body.error).toMatchObject({ code: 403, message: 'You don’t have access to this project. Please ask an admin or owner for permissions.' });
    expect((await server.call('GET', `/api/users/${nobody.id}`, { token: nobody.token })).body.user.id).toBe(nobody.id);
  });
});
