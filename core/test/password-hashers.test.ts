import bcrypt from 'bcryptjs';
import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../src/api.js';
import { bcryptHasher, type PasswordHasher } from '../src/auth/passwords.js';
import { webCryptoHasher } from '../src/auth/web-crypto-hasher.js';
import { seededRandom } from '../src/random.js';
import { usersTable } from '../src/model/users.js';

describe('the Web Crypto password hasher (the mocks)', () => {
  const hasher = webCryptoHasher({ iterations: 1000 });

  it('verifies the password it hashed and nothing else, with a salt of its own per hash', async () => {
    const first = await hasher.hash('s3cret é');
    const second = await hasher.hash('s3cret é');
    expect(first).toMatch(/^\$pbkdf2-sha256\$1000\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    expect(await hasher.verify('s3cret é', first)).toBe(true);
    expect(await hasher.verify('s3cret e', first)).toBe(false);
    expect(await hasher.verify('', first)).toBe(false);
  });

  it('answers false for no account, a malformed hash and a changed one', async () => {
    const hash = await hasher.hash('pw');
    expect(await hasher.verify('pw', null)).toBe(false);
    expect(await hasher.verify('pw', 'not a hash')).toBe(false);
    expect(await hasher.verify('pw', hash.replace(/\$1000\$/, '$999$'))).toBe(false);
    expect(await hasher.verify('pw', `${hash.slice(0, -1)}${hash.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
  });

  it('still verifies a bcrypt hash (state kept by an older version)', async () => {
    const stored = bcrypt.hashSync('legacy', 4);
    expect(await hasher.verify('legacy', stored)).toBe(true);
    expect(await hasher.verify('other', stored)).toBe(false);
  });

  it('refuses a password bcrypt would truncate, and impossible iteration counts', async () => {
    await expect(hasher.hash('x'.repeat(73))).rejects.toThrow(/72 bytes/);
    expect(() => webCryptoHasher({ iterations: 0 })).toThrow(/iterations/);
    expect(() => webCryptoHasher({ iterations: 1.5 })).toThrow(/iterations/);
  });

  it('takes its salt from the random source given', async () => {
    const a = await webCryptoHasher({ random: seededRandom(3) }).hash('pw');
    const b = await webCryptoHasher({ random: seededRandom(3) }).hash('pw');
    expect(a).toBe(b);
  });
});

describe('the bcrypt hasher (the server, as Mage)', () => {
  it('hashes as bcrypt at the given cost, and answers false for no account', async () => {
    const hasher = bcryptHasher(4);
    const hash = await hasher.hash('pw');
    expect(hash).toMatch(/^\$2[aby]\$04\$/);
    expect(await hasher.verify('pw', hash)).toBe(true);
    expect(await hasher.verify('pw', null)).toBe(false);
  });

  it('checks a password for no account at its own cost, one bcrypt operation per login, the first one included', async () => {
    const bcrypt = (await import('bcryptjs')).default;
    const compare = vi.spyOn(bcrypt, 'compare');
    const hash = vi.spyOn(bcrypt, 'hash');
    const cost = (rounds: number) => new RegExp(`^\\$2[aby]\\$${String(rounds).padStart(2, '0')}\\$`);
    try {
      for (const rounds of [4, 5]) {
        const hasher = bcryptHasher(rounds);
        compare.mockClear();
        hash.mockClear();
        // The first makes the decoy (a hash costs what a check does) and checks nothing.
        expect(await hasher.verify('pw', null)).toBe(false);
        expect([hash.mock.calls.length, compare.mock.calls.length]).toEqual([1, 0]);
        expect(hash.mock.lastCall?.[1]).toBe(rounds);
        // Later ones check against it.
        expect(await hasher.verify('pw', null)).toBe(false);
        expect([hash.mock.calls.length, compare.mock.calls.length]).toEqual([1, 1]);
        expect(compare.mock.lastCall?.[1]).toMatch(cost(rounds));
      }
      compare.mockClear();
      hash.mockClear();
      expect(await bcryptHasher(10).verify('pw', null)).toBe(false);
      expect([hash.mock.calls.length, compare.mock.calls.length]).toEqual([0, 1]);
      expect(compare.mock.lastCall?.[1]).toMatch(cost(10));
    } finally {
      compare.mockRestore();
      hash.mockRestore();
    }
  });

  it('makes the decoy again after a failed attempt', async () => {
    const bcrypt = (await import('bcryptjs')).default;
    const hash = vi.spyOn(bcrypt, 'hash').mockRejectedValueOnce(new Error('out of memory'));
    try {
      const hasher = bcryptHasher(4);
      await expect(hasher.verify('pw', null)).rejects.toThrow(/out of memory/);
      expect(await hasher.verify('pw', null)).toBe(false);
      expect(hash).toHaveBeenCalledTimes(2);
    } finally {
      hash.mockRestore();
    }
  });
});

describe('an API with a hasher given', () => {
  /** A hasher that counts its calls, around the Web Crypto one. */
  const counting = () => {
    const inner = webCryptoHasher();
    const calls = { hash: 0, verify: 0 };
    const hasher: PasswordHasher = {
      hash: (password) => (calls.hash++, inner.hash(password)),
      verify: (password, hash) => (calls.verify++, inner.verify(password, hash)),
    };
    return { hasher, calls };
  };

  it('hashes the default owner, new users and changed passwords with it, and logs in through it', async () => {
    const { hasher, calls } = counting();
    const api = await createApi({ passwords: hasher });
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      api.core.dispatch({ method, path, query: {}, headers: { 'x-api-key': api.config.apiKey, ...headers }, body, client: 'test' }).then((o) => o.body as any);
    expect(calls.hash).toBe(1);
    expect(usersTable.in(api.repo).list()[0]!.password_hash).toMatch(/^\$pbkdf2-sha256\$/);

    const login = await call('POST', '/api/sessions', { session: { email: 'admin@admin.com', password: 'admin' } });
    expect(login.session.token).toEqual(expect.any(String));
    expect((await call('POST', '/api/sessions', { session: { email: 'admin@admin.com', password: 'wrong' } })).error.code).toBe(404);
    expect((await call('POST', '/api/sessions', { session: { email: 'nobody@example.com', password: 'admin' } })).error.code).toBe(404);
    expect(calls.verify).toBe(3);

    const auth = { authorization: `Bearer ${String(decodeJwt(login.session.token).token)}` };
    const user = await call(
      'POST',
      '/api/users',
      { user: { email: 'e@example.com', username: 'e', password: 'password-one', password_confirmation: 'password-one' } },
      auth,
    );
    expect(user.user?.id, JSON.stringify(user)).toEqual(expect.any(Number));
    expect(calls.hash).toBe(2);
    const changed = await call(
      'PUT',
      '/api/users/1',
      { user: { password_current: 'admin', password: 'password-two', password_confirmation: 'password-two' } },
      auth,
    );
    expect(changed.error).toBeUndefined();
    expect(calls.hash).toBe(3);
    expect((await call('POST', '/api/sessions', { session: { email: 'admin@admin.com', password: 'password-two' } })).session.token).toEqual(
      expect.any(String),
    );
  });
});
