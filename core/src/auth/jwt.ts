import { lazyModule } from '../lazy-module.js';

/** jose, imported on first use (a login, a token read from a cookie): a page calling the API with its key alone never loads it. */
const jose = lazyModule(() => import('./jwt-library.js'));
const loadJose = () => jose.load();

const encoder = new TextEncoder();

/** The raw token: HS256 JWT with Mage's claims `{expires: unix seconds, token: decoded token}`. */
export async function encodeToken(decoded: string, expiresMs: number, secret: string): Promise<string> {
  const { SignJWT } = await loadJose();
  return new SignJWT({ expires: expiresMs / 1000, token: decoded }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

/** The decoded token from a raw one, or null when the JWT is malformed or wrongly signed. */
export async function decodeToken(raw: string, secret: string): Promise<string | null> {
  const { jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(raw, encoder.encode(secret), { algorithms: ['HS256'] });
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
