/**
 * The core under a test environment whose Web APIs come from another realm than the JavaScript built-ins the
 * libraries check against: jsdom's TextEncoder under Vitest, Node's under Jest's jsdom. Their bytes are a
 * Uint8Array that fails `instanceof Uint8Array` here; logging in, and reading a token back, must not care.
 */
import { runInNewContext } from 'node:vm';
import { afterEach, expect, it, vi } from 'vitest';

/** A TextEncoder whose output is a Uint8Array of a fresh realm, as jsdom's is. */
class ForeignTextEncoder extends TextEncoder {
  static readonly ForeignUint8Array = runInNewContext('Uint8Array') as Uint8ArrayConstructor;
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new ForeignTextEncoder.ForeignUint8Array(super.encode(input));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function underForeignEncoder() {
  vi.stubGlobal('TextEncoder', ForeignTextEncoder);
  vi.resetModules();
  const jwt = await import('../src/auth/jwt.js');
  const { TestApi } = await import('./harness.js');
  return { jwt, TestApi };
}

it('the stand-in is what the environments give: bytes that fail instanceof Uint8Array', () => {
  const bytes = new ForeignTextEncoder().encode('materia');
  expect(bytes instanceof Uint8Array).toBe(false);
  expect(ArrayBuffer.isView(bytes)).toBe(true);
});

it('signs and verifies a token with a secret encoded in another realm', async () => {
  const { jwt } = await underForeignEncoder();
  const raw = await jwt.encodeToken('decoded-token', Date.UTC(2030, 0, 1), 'materia');
  expect(await jwt.decodeToken(raw, 'materia')).toBe('decoded-token');
  expect(await jwt.decodeToken(raw, 'another secret')).toBeNull();
  expect(await jwt.unverifiedTokenClaim(raw)).toBe('decoded-token');
});

it('logs in and answers with the token, through the whole API', async () => {
  const { TestApi } = await underForeignEncoder();
  const server = await TestApi.start();
  const { raw, decoded } = await server.login();
  expect(raw.split('.')).toHaveLength(3);
  const viaCookie = await server.call('GET', '/api/pipelines', { headers: { Cookie: `oauth_token=${raw}` } });
  expect(viaCookie.body).toHaveProperty('pipelines');
  expect((await server.call('GET', '/api/pipelines', { token: decoded })).body).toHaveProperty('pipelines');
});

it('hashes and checks a password with Web Crypto (the mocks’ hasher) on another realm’s bytes', async () => {
  vi.stubGlobal('TextEncoder', ForeignTextEncoder);
  vi.resetModules();
  const { webCryptoHasher } = await import('../src/auth/web-crypto-hasher.js');
  const hasher = webCryptoHasher();
  const hash = await hasher.hash('admin');
  expect(await hasher.verify('admin', hash)).toBe(true);
  expect(await hasher.verify('wrong', hash)).toBe(false);
});
