import { bcryptHasher } from '../../core/src/auth/passwords.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '@pipeline-api/sdk';
import { createInProcessMock, type MockOptions } from '../src/in-process-entry.js';

const BASE = 'http://demo.test';
const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

/** A browser's localStorage, in memory, that refuses values over `limit` characters as a full one does. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  constructor(readonly limit = Number.POSITIVE_INFINITY) {}
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => {
    if (value.length > this.limit) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  };
  removeItem = (key: string) => void this.items.delete(key);
}

describe("persist: 'localStorage' keeps a demo's data and session across reloads", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = (options: MockOptions = {}) => createInProcessMock({ baseUrl: BASE, persist: 'localStorage', ...options });
  const clientOf = (mock: ReturnType<typeof open>, token?: string) => createClient({ baseUrl: BASE, apiKey: KEY, maxRetries: 0, fetch: mock.fetch, token });

  it('a reload (a new mock on the same storage) finds the pipelines, accepts the stored token, and time goes on', async () => {
    const before = open();
    let token: string | undefined;
    const client = createClient({ baseUrl: BASE, apiKey: KEY, maxRetries: 0, fetch: before.fetch, onTokenChange: (t) => (token = t) });
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const first = await client.pipelines.create({ name: 'kept' });
    await before.persisted();

    const after = open();
    const reloaded = clientOf(after, token);
    expect((await reloaded.pipelines.list()).map((p) => p.uuid)).toEqual(['kept']);
    const second = await reloaded.pipelines.create({ name: 'after the reload' });
    expect(second.created_at > first.created_at).toBe(true);
    // A login after the reload gets a token of its own, and both sessions work.
    const other = clientOf(after);
    await other.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    expect(await other.pipelines.list()).toHaveLength(2);
    expect(await reloaded.pipelines.list()).toHaveLength(2);
  });

  it('restored() tells a reload from a first visit, so a demo seeds once', async () => {
    const first = open();
    expect(await first.restored()).toBe(false);
    await first.seed({ pipelines: [{ name: 'demo' }] });
    await first.persisted();

    const reloaded = open();
    expect(await reloaded.restored()).toBe(true);
    await reloaded.reset();
    expect(await reloaded.restored()).toBe(false);
    expect(await createInProcessMock({ baseUrl: BASE }).restored()).toBe(false);
  });

  it('state saved with bcrypt hashes (an older version of the mocks) still signs in; new passwords are hashed with Web Crypto', async () => {
    const mock = open();
    await mock.persisted();
    const key = [...storage.items.keys()][0]!;
    const saved = JSON.parse(storage.items.get(key)!) as { tables: [string, [number, { password_hash: string }][]][] };
    const users = saved.tables.find(([name]) => name === 'users')![1];
    expect(users[0]![1].password_hash).toMatch(/^\$pbkdf2-sha256\$/);
    users[0]![1].password_hash = await bcryptHasher(4).hash('an older password');
    storage.setItem(key, JSON.stringify(saved));

    const reloaded = clientOf(open());
    await expect(reloaded.sessions.login({ email: 'admin@admin.com', password: 'admin' })).rejects.toMatchObject({ type: 'record_not_found' });
    await reloaded.sessions.login({ email: 'admin@admin.com', password: 'an older password' });
    await reloaded.users.create({ email: 'new@example.com', username: 'new', password: 'password-new', password_confirmation: 'password-new' });
    const stored = (JSON.parse(storage.items.get(key)!) as typeof saved).tables.find(([name]) => name === 'users')![1];
    expect(stored.map(([, user]) => user.password_hash)).toEqual([expect.stringMatching(/^\$2[aby]\$04\$/), expect.stringMatching(/^\$pbkdf2-sha256\$/)]);
  });

  it('reset() wipes it: the next reload starts from the default owner and the old token is refused', async () => {
    const mock = open();
    let token: string | undefined;
    const client = createClient({ baseUrl: BASE, apiKey: KEY, maxRetries: 0, fetch: mock.fetch, onTokenChange: (t) => (token = t) });
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    await client.pipelines.create({ name: 'gone' });
    await mock.reset();
    expect(storage.items.size).toBe(1); // the reset state (the default owner) is saved again at once
    const fresh = clientOf(open(), token);
    await expect(fresh.pipelines.list()).rejects.toMatchObject({ type: 'invalid_oauth_token' });
  });

  it('a change the storage refuses is not kept anywhere, with a clear error; earlier data stays', async () => {
    const mock = open();
    const client = clientOf(mock);
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    await client.pipelines.create({ name: 'small' });
    const saved = storage.items.get('pipeline-api-mocks')!;
    Object.assign(storage, { limit: saved.length + 200 });
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const refused = await client.pipelines
      .create({ name: 'big', description: 'x'.repeat(5000) })
      .catch((error: unknown) => error)
      .finally(() => consoleError.mockRestore());
    expect(refused).toBeInstanceOf(Error);
    expect(storage.items.get('pipeline-api-mocks')).toBe(saved);
    expect((await client.pipelines.list()).map((p) => p.uuid)).toEqual(['small']);
    expect(errors.map((args) => (args as unknown[]).map(String).join(' ')).join('\n')).toMatch(/localStorage refused \d+ characters of mock state/);
  });

  it('refuses what it cannot read, saying how to start over', async () => {
    storage.setItem('pipeline-api-mocks', JSON.stringify({ format: 'something else' }));
    await expect(open().api()).rejects.toThrow(/no mock state this version reads; call mock.reset\(\)/);
  });

  it('keeps nothing without persist, and keeps apps apart by key', async () => {
    const plain = createInProcessMock({ baseUrl: BASE });
    await clientOf(plain).sessions.login({ email: 'admin@admin.com', password: 'admin' });
    expect(storage.items.size).toBe(0);
    await open({ persistKey: 'app-a' }).api();
    await open({ persistKey: 'app-b' }).api();
    expect([...storage.items.keys()].sort()).toEqual(['app-a', 'app-b']);
  });
});
