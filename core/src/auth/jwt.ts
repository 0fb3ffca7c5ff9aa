import { SignJWT, jwtVerify } from 'jose';

const encoder = new TextEncoder();

/** The raw token: HS256 JWT with Mage's claims `{expires: unix seconds, token: decoded token}`. */
export function encodeToken(decoded: string, expiresMs: number, secret: string): Promise<string> {
  return new SignJWT({ expires: expiresMs / 1000, token: decoded }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

/** The decoded token from a raw one, or null when the JWT is malformed or wrongly signed. */
export async function decodeToken(raw: string, secret: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(raw, encoder.encode(secret), { algorithms: ['HS256'] });
    return typeof payload.token === 'string' ? payload.token : null;
  } catch {
    return null;
  }
}
