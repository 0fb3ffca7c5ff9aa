import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/api.js';
import { OWNER, TestApi } from './harness.js';
import { usersTable } from '../src/model/users.js';

/** What a security probe over HTTP found, each as the probe sent it (the request log's part: server/test/log-redaction.test.ts). */
describe('a refused request changes nothing; sessions and throttles hold', () => {
  let server: TestApi;
  let owner: string;

  beforeAll(async () => {
    ({ server, token: owner } = await TestApi.startLoggedIn({ config: { loginThrottle: { maxFailures: 3, windowSeconds: 60 } } }));
  });
  afterAll(() => server.close());

  const user = (id: number) => usersTable.in(server.repo).get(id)!;

  it('refuses ?_format=create on update and delete before writing: the name, the password and the user stay', async () => {
    const viewer = await server.userWithRole('viewer', owner);
    const before = user(viewer.id);
    const renamed = await server.call('PUT', `/api/users/${viewer.id}`, {
      token: viewer.token,
      query: { _format: 'create' },
      body: { user: { first_name: 'Mallory' } },
    });
    expect(renamed.body.error).toEqual({ code: 403, type: 'unauthorized_access', message: 'read of token on update is disabled for users.' });
    const password = await server.call('PUT', `/api/users/${viewer.id}`, {
      token: viewer.token,
      query: { _format: 'create' },
      body: { user: { password: 'changed-it-1', password_confirmation: 'changed-it-1', password_current: viewer.password } },
    });
    expect(password.body.error.message).toBe('read of token on update is disabled for users.');
    expect(user(viewer.id)).toEqual(before);
    expect((await server.login({ email: viewer.email, password: viewer.password })).decoded).toBeTruthy();

    const deleted = await server.call('DELETE', `/api/users/${viewer.id}`, { token: owner, query: { _format: 'create' } });
    expect(deleted.body.error.message).toBe('read of token on delete is disabled for users.');
    expect(user(viewer.id)).toEqual(before);
  });

  it('ends the user’s other sessions when their password changes, keeping the one that changed it', async () => {
    const editor = await server.userWithRole('editor', owner);
    const other = (await server.login({ email: editor.email, password: editor.password })).decoded;
    const changed = await server.call('PUT', `/api/users/${editor.id}`, {
      token: editor.token,
      body: { user: { password: 'new-password-1', password_confirmation: 'new-password-1', password_current: editor.password } },
    });
    expect(changed.body.user.id).toBe(editor.id);
    expect((await server.call('GET', '/api/pipelines', { token: editor.token })).body.pipelines).toBeDefined();
    expect((await server.call('GET', '/api/pipelines', { token: other })).body.error.type).toBe('expired_oauth_token');

    // An owner setting it for them: every one of the user's sessions ends, the owner's stays.
    const byOwner = await server.call('PUT', `/api/users/${editor.id}`, {
      token: owner,
      body: { user: { password: 'third-password', password_confirmation: 'third-password' } },
    });
    expect(byOwner.body.user.id).toBe(editor.id);
    expect((await server.call('GET', '/api/pipelines', { token: editor.token })).body.error.type).toBe('expired_oauth_token');
    expect((await server.call('GET', '/api/pipelines', { token: owner })).body.pipelines).toBeDefined();
  });

  it('throttles password_current with the login budget of the account', async () => {
    const viewer = await server.userWithRole('viewer', owner);
    const hash = user(viewer.id).password_hash;
    const guess = (current: string) =>
      server.call('PUT', `/api/users/${viewer.id}`, {
        token: viewer.token,
        body: { user: { password: 'new-password-1', password_confirmation: 'new-password-1', password_current: current } },
      });
    for (let i = 0; i < 3; i++) expect((await guess(`wrong-${i}`)).body.error.message).toBe('Current password is incorrect.');
    const locked = await guess(viewer.password);
    expect(locked.body.error).toMatchObject({ code: 429, type: 'too_many_requests' });
    // The same budget as logging in: the login is locked too, the right password included.
    const login = await server.call('POST', '/api/sessions', { body: { session: { email: viewer.email, password: viewer.password } } });
    expect(login.body.error.type).toBe('too_many_requests');
    expect(user(viewer.id).password_hash).toBe(hash); // the right password, sent while locked, changed nothing
  });

  it('refuses callers with the key but no session before looking anything up: existing and missing records answer alike', async () => {
    await server.call('POST', '/api/pipelines', { token: owner, body: { pipeline: { name: 'secret plans' } } });
    const pairs: [string, string, string][] = [];
    for (const method of ['GET', 'PUT', 'DELETE']) {
      pairs.push([method, '/api/users/1', '/api/users/999'], [method, '/api/pipelines/secret_plans', '/api/pipelines/no_such_pipeline']);
    }
    pairs.push(['GET', '/api/pipelines/secret_plans/blocks', '/api/pipelines/no_such_pipeline/blocks']);
    for (const [method, existing, missing] of pairs) {
      const a = await server.call(method, existing, { body: method === 'PUT' ? {} : undefined });
      const b = await server.call(method, missing, { body: method === 'PUT' ? {} : undefined });
      expect(a.body.error.code, `${method} ${existing}`).toBe(403);
      expect(b.body, `${method} ${missing}`).toEqual(a.body);
    }
  });

  it('shows admins by id only the users their list shows them', async () => {
    const admin = await server.userWithRole('admin', owner);
    const otherAdmin = await server.userWithRole('admin', owner);
    const viewer = await server.userWithRole('viewer', owner);
    const listed = (await server.call('GET', '/api/users', { token: admin.token, query: { _limit: '1000' } })).body.users.map((u: { id: number }) => u.id);
    expect(listed).toContain(viewer.id);
    expect(listed).not.toContain(1);
    expect(listed).not.toContain(otherAdmin.id);
    for (const id of [1, otherAdmin.id]) {
      const reply = await server.call('GET', `/api/users/${id}`, { token: admin.token });
      expect(reply.body.error).toEqual({ code: 403, type: 'unauthorized_access', message: 'Unauthorized operation detail on users, failed condition.' });
    }
    expect((await server.call('GET', `/api/users/${viewer.id}`, { token: admin.token })).body.user.id).toBe(viewer.id);
    expect((await server.call('GET', `/api/users/${admin.id}`, { token: admin.token })).body.user.id).toBe(admin.id);
    expect((await server.call('GET', `/api/users/${otherAdmin.id}`, { token: owner })).body.user.id).toBe(otherAdmin.id);
  });

  it('refuses passwords over 72 UTF-8 bytes wherever one is set, and a longer login never matches the first 72', async () => {
    const message = 'Password must be at most 72 bytes in UTF-8 (bcrypt ignores the rest).';
    const refused = { code: 400, type: 'record_invalid', message, errors: [{ path: 'user.password', message }] };
    const long = 'a'.repeat(73);
    const emoji = '😀'.repeat(19); // 38 UTF-16 units, 76 bytes
    for (const password of [long, emoji]) {
      const created = await server.call('POST', '/api/users', {
        token: owner,
        body: { user: { email: `long${password.length}@example.com`, password, password_confirmation: password } },
      });
      expect(created.body.error).toEqual(refused);
      expect(usersTable.in(server.repo).byEmail(`long${password.length}@example.com`)).toBeUndefined();
    }
    const viewer = await server.userWithRole('viewer', owner);
    const updated = await server.call('PUT', `/api/users/${viewer.id}`, {
      token: viewer.token,
      body: { user: { password: long, password_confirmation: long, password_current: viewer.password } },
    });
    expect(updated.body.error).toEqual(refused);

    // Exactly 72 bytes is accepted; the same with more after it is a different password.
    const exact = `${'é'.repeat(30)}${'b'.repeat(12)}`; // 60 + 12 bytes
    const made = await server.call('POST', '/api/users', {
      token: owner,
      body: { user: { email: 'exact@example.com', password: exact, password_confirmation: exact } },
    });
    expect(made.body.user.email).toBe('exact@example.com');
    const longer = await server.call('POST', '/api/sessions', { body: { session: { email: 'exact@example.com', password: `${exact}-and-more` } } });
    expect(longer.body.error).toMatchObject({ code: 404, type: 'record_not_found' });
    expect((await server.login({ email: 'exact@example.com', password: exact })).decoded).toBeTruthy();
  });

  it('refuses to start with a default owner password over 72 bytes', async () => {
    await expect(createApi({ config: { bcryptRounds: 4, defaultOwner: { email: 'o@example.com', username: 'o', password: 'p'.repeat(73) } } })).rejects.toThrow(
      'DEFAULT_OWNER_PASSWORD is longer than 72 bytes (UTF-8): bcrypt would ignore the rest.',
    );
  });

  it('checks the API key before the query', async () => {
    const reply = await server.call('GET', '/api/pipelines', { apiKey: false, query: { _limit: 'abc' } });
    expect(reply.body.error.type).toBe('invalid_api_key');
    const wrong = await server.call('GET', '/api/users', { apiKey: 'nope', query: { _offset: '-1' } });
    expect(wrong.body.error.type).toBe('invalid_api_key');
  });
});

describe('a flood of failed logins', () => {
  it('is refused quickly past the bound on concurrent password checks, while other requests are served', async () => {
    // Wrong guesses at the owner's password, hashed at cost 12: each check takes a few hundred milliseconds, so a
    // burst of 40 overlaps however loaded the machine is (the account's own throttle is set out of the way).
    const server = await TestApi.start({
      config: {
        bcryptRounds: 12,
        loginThrottle: { maxFailures: 1000, windowSeconds: 60 },
        passwordChecks: { concurrency: 1, queue: 2, clientMaxFailures: 1000 },
      },
    });
    try {
      // The order replies arrive in: other requests are served while the admitted checks run, not after them.
      const answered: string[] = [];
      let firstRefusal!: () => void;
      const refusedOnce = new Promise<void>((resolve) => (firstRefusal = resolve));
      const flood = Array.from({ length: 40 }, () =>
        server.call('POST', '/api/sessions', { body: { session: { email: OWNER.email, password: 'a wrong guess' } } }).then((reply) => {
          answered.push(`login ${reply.body.error.type}`);
          if (reply.body.error.type === 'too_many_requests') firstRefusal();
          return reply;
        }),
      );
      // Once a login is refused, the gate is full: checks are running and waiting.
      await Promise.race([refusedOnce, Promise.all(flood)]);
      const status = server.call('GET', '/api/status').then((reply) => {
        answered.push('status');
        return reply;
      });
      const replies = await Promise.all(flood);
      const busy = replies.filter((r) => r.body.error.type === 'too_many_requests');
      // At most 1 running and 2 waiting at any moment: what arrives past that is refused at once (how many arrive
      // together depends on the machine; the exact bound is checked on the gate itself in password-gate.test.ts).
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0]!.body.error.message).toBe('The server is busy checking other passwords. Try again in 1 second.');
      expect(busy[0]!.headers.get('retry-after')).toBe('1');
      expect(replies.filter((r) => r.body.error.type === 'record_not_found').length).toBe(40 - busy.length);
      expect((await status).body.statuses).toBeDefined();
      // At least one admitted check was still running or waiting when the status answer arrived.
      expect(answered.indexOf('status')).toBeLessThan(answered.lastIndexOf('login record_not_found'));
    } finally {
      await server.close();
    }
  });

  it('gives each client a budget of failed password checks, whatever names it tries', async () => {
    const server = await TestApi.start({ config: { passwordChecks: { concurrency: 2, queue: 8, clientMaxFailures: 5 } } });
    try {
      for (let i = 0; i < 5; i++) {
        const miss = await server.call('POST', '/api/sessions', { body: { session: { email: `nobody${i}@example.com`, password: 'guess' } } });
        expect(miss.body.error.type).toBe('record_not_found');
      }
      const spent = await server.call('POST', '/api/sessions', { body: { session: { email: 'nobody-else@example.com', password: 'guess' } } });
      expect(spent.body.error).toMatchObject({ code: 429, type: 'too_many_requests' });
      expect(spent.body.error.message).toMatch(/^Too many failed logins from this client\. Try again in \d+ seconds\.$/);
      expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
      // Requests that check no password are served as ever.
      expect((await server.call('GET', '/api/status')).body.statuses).toBeDefined();
    } finally {
      await server.close();
    }
  });
});
