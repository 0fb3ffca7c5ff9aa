import { lazyModule } from '../lazy-module.js';

/** jose, imported on first use (a login, a token read from a cookie): a page calling the API with its key alone never loads it. */
const jose = lazyModule(() => import('./jwt-library.js'));
const loadJose = () => jose.load();

const encoder = new TextEncoder();
const HS256 = { name: 'HMAC', hash: 'SHA-256' } as const;

/**
 * The secret as a WebCrypto key. jose is never handed the secret's bytes: it checks them with `instanceof Uint8Array`,
 * which fails when TextEncoder comes from another realm than jose's Uint8Array (jsdom's TextEncoder under Vitest,
 * Node's under Jest's jsdom). WebCrypto reads any realm's bytes, and jose recognises a CryptoKey by its tag. Imported
 * per use, as jose imports raw bytes itself: microseconds, and no state outside the API.
 */
const hmacKey = (secret: string): Promise<CryptoKey> => crypto.subtle.importKey('raw', encoder.encode(secret), HS256, false, ['sign', 'verify']);

/** The raw token: HS256 JWT with Mage's claims `{expires: unix seconds, token: decoded token}`. */
export async function encodeToken(decoded: string, expiresMs: number, secret: string): Promise<string> {
  const [{ SignJWT }, key] = await Promise.all([loadJose(), hmacKey(secret)]);
  return new SignJWT({ expires: expiresMs / 1000, token: decoded }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

/** The decoded token from a raw one, or null when the JWT is malformed or wrongly signed. */
export async function decodeToken(raw: string, secret: string): Promise<string | null> {
  const [{ jwtVerify }, key] = await Promise.all([loadJose(), hmacKey(secret)]);
  try {
    const { payload } = await jwtVerify(raw, key, { algorithms: ['HS256'] });
    return typeof payload.token === 'string' ? payload.token : null;
  } catch {
    return null;
  }
}

/** The `token` claim of a raw token this API just issued (read without verifying), or undefined when it has none. */
export async function unverifiedTokenClaim(raw: string): Promise<unknown> {
  const { decodeJwt } = await loadJose();
  return decodeJwt(raw).token;
}
