import { describe, expect, it } from 'vitest';
import { configFromEnv, defaultConfig } from '../src/config.js';
import { createMemoryRepository } from '../src/repository/memory.js';
import { storageLimits } from '../src/repository/storage-limits.js';
import { PURGE_INTERVAL_MS } from '../src/resources/sessions/token-purge.js';
import { OWNER, TestApi, manualClock } from './harness.js';
import { bareUser } from './records.js';
import { tokensTable } from '../src/model/tokens.js';
import { usersTable } from '../src/model/users.js';

/** Everything stored, as the API shows it: a refused change must leave it byte for byte as it was. */
async function snapshot(server: TestApi, token?: string) {
  const pipelines = await server.call('GET', '/api/pipelines', { token, query: { _format: 'detail' } });
  const blocks = await server.call('GET', '/api/blocks', { token });
  const users = await server.call('GET', '/api/users', { token });
  return JSON.stringify([pipelines.body, blocks.body, users.body]);
}

describe('storage caps', () => {
  it('refuses a change past the record cap with 413, stores nothing of it, and still deletes', async () => {
    // The owner and one pipeline with one block: 3 records; the cap allows one more.
    const server = await TestApi.start({ config: { requireUserAuthentication: false, storage: { maxRecords: 4, maxBytes: 0 } } });
    try {
      await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'one' } } });
      await server.call('POST', '/api/pipelines/one/blocks', { body: { block: { name: 'load', type: 'data_loader' } } });
      expect((await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'two' } } })).body.pipeline.uuid).toBe('two');
      const before = await snapshot(server);

      const refused = await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'three' } }, query: { _http_error_codes: '1' } });
      expect(refused.status).toBe(413);
      expect(refused.body.error).toEqual({
        code: 413,
        type: 'api_resource_error',
        message: 'Storage is full: this server stores at most 4 records (MAX_STORED_RECORDS). Delete some first; nothing was changed.',
      });
      // A block in two pipelines at once: the block and both pipelines are written in one transaction, all undone.
      const block = await server.call('POST', '/api/pipelines/one/blocks', { body: { block: { name: 'clean', type: 'transformer', pipelines: ['two'] } } });
      expect(block.body.error.message).toMatch(/^Storage is full/);
      const user = await server.call('POST', '/api/users', {
        body: { user: { email: 'x@example.com', password: 'password1', password_confirmation: 'password1' } },
      });
      expect(user.body.error.message).toMatch(/^Storage is full/);
      expect(await snapshot(server)).toBe(before);

      // Renaming replaces a record: allowed at the cap. Deleting frees room.
      expect((await server.call('PUT', '/api/pipelines/two', { body: { pipeline: { name: 'deux' } } })).body.pipeline.uuid).toBe('deux');
      expect((await server.call('DELETE', '/api/pipelines/deux')).body.pipeline.uuid).toBe('deux');
      expect((await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'three' } } })).body.pipeline.uuid).toBe('three');
    } finally {
      await server.close();
    }
  });

  it('refuses a change past the byte cap, and lets records shrink when over it', async () => {
    const server = await TestApi.start({ config: { requireUserAuthentication: false, storage: { maxRecords: 0, maxBytes: 20_000 } } });
    try {
      await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'p' } } });
      const ok = await server.call('POST', '/api/pipelines/p/blocks', { body: { block: { name: 'big', type: 'transformer', content: 'x'.repeat(10_000) } } });
      expect(ok.body.block.uuid).toBe('big');
      const before = await snapshot(server);
      const grown = await server.call('PUT', '/api/pipelines/p/blocks/big', { body: { block: { content: 'é'.repeat(10_000) } } }); // 20,000 bytes of content
      expect(grown.body.error).toMatchObject({ code: 413, type: 'api_resource_error' });
      expect(grown.body.error.message).toBe(
        'Storage is full: this server stores at most 20000 bytes of records (MAX_STORED_BYTES). Delete or shrink some first; nothing was changed.',
      );
      const another = await server.call('POST', '/api/pipelines/p/blocks', {
        body: { block: { name: 'second', type: 'transformer', content: 'y'.repeat(10_000) } },
      });
      expect(another.body.error.message).toMatch(/MAX_STORED_BYTES/);
      expect(await snapshot(server)).toBe(before);
      expect((await server.call('PUT', '/api/pipelines/p/blocks/big', { body: { block: { content: 'small' } } })).body.block.content).toBe('small');
    } finally {
      await server.close();
    }
  });

  it('undoes its own counts with a transaction that fails for another reason', () => {
    const repo = createMemoryRepository({ hooks: storageLimits({ maxRecords: 2, maxBytes: 0 }) });
    usersTable.in(repo).put(bareUser(1));
    expect(() =>
      repo.transaction(() => {
        usersTable.in(repo).put(bareUser(2));
        throw new Error('a fault halfway');
      }),
    ).toThrow('a fault halfway');
    expect(usersTable.in(repo).size()).toBe(1);
    usersTable.in(repo).put(bareUser(2)); // the cap counted the rolled-back user out again
    expect(() => usersTable.in(repo).put(bareUser(3))).toThrow(/at most 2 records/);
    expect(usersTable.in(repo).size()).toBe(2);
  });

  it('counts every table opened through it, by its own key, tokens excepted (the shape of declared tables)', () => {
    const repo = createMemoryRepository({ hooks: storageLimits({ maxRecords: 2, maxBytes: 1000 }) });
    const users = repo.openTable('users', (row: { id: number }) => row.id);
    const tokens = repo.openTable('tokens', (row: { key: string }) => row.key);
    users.put({ id: 1 });
    users.put({ id: 1 }); // replaced, not added
    for (let i = 0; i < 5; i++) tokens.put({ key: `t${i}` });
    users.put({ id: 2 });
    expect(() => users.put({ id: 3 })).toThrow(/at most 2 records/);
    expect(() => repo.transaction(() => (users.delete(1), users.put({ id: 3 }), users.put({ id: 4 })))).toThrow(/at most 2 records/);
    const ids = () =>
      users
        .list()
        .map((row) => row.id)
        .sort();
    expect(ids()).toEqual([1, 2]);
    repo.transaction(() => (users.delete(1), users.put({ id: 3 })));
    expect(ids()).toEqual([2, 3]);
    expect(tokens.size()).toBe(5);
  });

  it('reads the caps and the other settings from the environment', () => {
    const config = configFromEnv({
      MAX_STORED_RECORDS: '10',
      MAX_STORED_BYTES: '0',
      EXPIRED_TOKEN_RETENTION: '60',
      CORS_ORIGINS: 'https://app.example.com/, http://x.test:8080',
      ALLOWED_HOSTS: 'Dev.Example.com,.corp.test',
      PASSWORD_CHECK_CONCURRENCY: '3',
      PASSWORD_CHECK_QUEUE: '0',
      CLIENT_MAX_FAILED_LOGINS: '7',
    });
    expect(config.storage).toEqual({ maxRecords: 10, maxBytes: 0 });
    expect(config.tokenRetentionSeconds).toBe(60);
    expect(config.corsOrigins).toEqual(['https://app.example.com', 'http://x.test:8080']);
    expect(config.allowedHosts).toEqual(['dev.example.com', '.corp.test']);
    expect(config.passwordChecks).toEqual({ concurrency: 3, queue: 0, clientMaxFailures: 7 });
    const defaults = configFromEnv({ MAX_STORED_RECORDS: 'lots', PASSWORD_CHECK_CONCURRENCY: '0' });
    expect(defaults.storage).toEqual(defaultConfig.storage);
    expect(defaults.passwordChecks).toEqual(defaultConfig.passwordChecks);
  });
});

describe('expired tokens', () => {
  it('answer expired_oauth_token for the retention, then are purged and answer invalid_oauth_token', async () => {
    const clock = manualClock();
    const server = await TestApi.start({ clock, config: { tokenRetentionSeconds: 3600, tokenExpirySeconds: 7200 } });
    try {
      const loggedOut = (await server.login()).decoded;
      const expiring = (await server.login()).decoded;
      await server.call('PUT', '/api/sessions/1', { token: loggedOut });
      const tokens = tokensTable.in(server.repo).size();
      clock.advance(7200 * 1000); // `expiring` expires; `loggedOut` ended two hours ago
      await server.login(); // a login purges, at most once a minute: `loggedOut` has outlived its hour of retention
      expect((await server.call('GET', '/api/pipelines', { token: loggedOut })).body.error.type).toBe('invalid_oauth_token');
      expect((await server.call('GET', '/api/pipelines', { token: expiring })).body.error.type).toBe('expired_oauth_token');
      expect(tokensTable.in(server.repo).size()).toBe(tokens); // one purged, one issued

      clock.advance(3600 * 1000 + PURGE_INTERVAL_MS);
      const fresh = (await server.login({ email: OWNER.email, password: OWNER.password })).decoded;
      expect((await server.call('GET', '/api/pipelines', { token: expiring })).body.error.type).toBe('invalid_oauth_token');
      expect((await server.call('GET', '/api/pipelines', { token: fresh })).body.pipelines).toBeDefined();
    } finally {
      await server.close();
    }
  });
});
