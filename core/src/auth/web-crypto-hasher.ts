import { cryptoRandom, base64Url, type RandomSource } from '../random.js';
import { constantTimeEqual } from './constant-time.js';
import { bcryptHasher, checkPasswordFits, isBcryptHash, type PasswordHasher } from './passwords.js';

const encoder = new TextEncoder();
const PREFIX = '$pbkdf2-sha256$';
const HASH_PATTERN = /^\$pbkdf2-sha256\$(\d{1,7})\$([\w-]{22})\$([\w-]{43})$/;
const DECOY_SALT = 'bW9jayBkZWNveSBzYWx0IQ';

export interface WebCryptoHasherOptions {
  /** PBKDF2 iterations (default 1000: about a tenth of a millisecond). */
  iterations?: number;
  /** Salt bytes (default crypto.getRandomValues; the mocks give their seeded source, so a seeded run stores the same data). */
  random?: RandomSource;
}

/**
 * PBKDF2-SHA256 through Web Crypto, with a 16-byte salt: no library, nothing to bundle. Cheap on purpose, for
 * data that is never a real credential (the mocks); a server keeps bcrypt. A bcrypt hash (stored by an older
 * version) still verifies: bcryptjs is loaded for it then, and only then.
 */
export function webCryptoHasher(options: WebCryptoHasherOptions = {}): PasswordHasher {
  const iterations = options.iterations ?? 1000;
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > 9_999_999)
    throw new Error(`PBKDF2 iterations must be an integer from 1 to 9999999, not ${iterations}.`);
  const random = options.random ?? cryptoRandom;
  return {
    async hash(password) {
      checkPasswordFits(password);
      const salt = base64Url(random(new Uint8Array(16)));
      return `${PREFIX}${iterations}$${salt}$${await derive(password, salt, iterations)}`;
    },
    async verify(password, hash) {
      if (hash !== null && isBcryptHash(hash)) return bcryptHasher(10).verify(password, hash);
      const parts = hash === null ? null : HASH_PATTERN.exec(hash);
      // No account, or a hash this hasher never makes: the same work, then false.
      const [count, salt, expected] = parts ? [Number(parts[1]), parts[2]!, parts[3]!] : [iterations, DECOY_SALT, ''];
      const derived = await derive(password, salt, count);
      return parts !== null && constantTimeEqual(derived, expected);
    },
  };
}

async function derive(password: string, salt: string, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: encoder.encode(salt), iterations }, key, 256);
  return base64Url(new Uint8Array(bits));
}
