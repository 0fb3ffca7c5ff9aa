/** The parts of jose the API uses, in one module the core imports lazily (jwt.ts): bundlers keep only these in its chunk. */
export { SignJWT, decodeJwt, jwtVerify } from 'jose';
