import { invalid } from '../errors.js';
import { base64Url, cryptoRandom, type RandomSource } from '../random.js';

/**
 * Secret values are write-only: stored sealed with AES-256-GCM (Web Crypto), never returned. The key is kept apart
 * from the records (a server keeps it in a file beside its database; the mocks make one per instance), so a copy of
 * the database alone yields no value. Each value gets a fresh 12-byte IV, and the secret's name is the associated
 * data: a sealed value copied onto another name does not open. The form is `v1.<key id>.<iv>.<ciphertext>`
 * (base64url), the key id being the first 8 bytes of the key's SHA-256, so a value sealed with another key is told
 * apart from a damaged one.
 */

/** Mage's UI rule for secret names (Secrets/constants.ts): a letter or underscore, then letters, digits, underscores. */
export const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Mage's column is String(255). */
export const MAX_SECRET_NAME_LENGTH = 255;
/**
 * UTF-8 bytes of a value at most: a PEM private key or a cloud service-account JSON is 2 to 4 KB; 64 KiB leaves room
 * and bounds what one write stores.
 */
export const MAX_SECRET_VALUE_BYTES = 64 * 1024;
export const SECRET_KEY_BYTES = 32;

const VERSION = 'v1';
const IV_BYTES = 12;
const encoder = new TextEncoder();

/** A secret's name as sent, checked: Mage's pattern and length; `exists` says whether the name is taken. */
export function checkSecretName(name: unknown, exists: (name: string) => boolean): string {
  if (typeof name !== 'string' || name.length === 0) throw invalid('secret.name', 'name is required: the name code refers to the secret by.');
  if (name.length > MAX_SECRET_NAME_LENGTH) throw invalid('secret.name', `name is ${name.length} characters; at most ${MAX_SECRET_NAME_LENGTH}.`);
  if (!SECRET_NAME_PATTERN.test(name)) {
    throw invalid('secret.name', `name ${JSON.stringify(name)} must start with a letter or underscore and contain only letters, numbers, and underscores.`);
  }
  if (exists(name)) {
    throw invalid('secret.name', `A secret named ${JSON.stringify(name)} already exists. Secrets cannot be changed: delete it, then create it again.`);
  }
  return name;
}

/** A secret's value as sent, checked. No message repeats the value, or any part of it. */
export function checkSecretValue(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw invalid('secret.value', 'value is required and must be a non-empty string.');
  const bytes = encoder.encode(value).length;
  if (bytes > MAX_SECRET_VALUE_BYTES) throw invalid('secret.value', `value is ${bytes} bytes; at most ${MAX_SECRET_VALUE_BYTES} are stored.`);
  return value;
}

/** Why a sealed value did not open; never says anything of the value. */
export class SecretUnsealError extends Error {
  constructor(readonly reason: 'malformed' | 'other_key' | 'not_authentic') {
    super(
      reason === 'malformed'
        ? 'The stored secret value is not in a form this version reads.'
        : reason === 'other_key'
          ? 'The stored secret value was sealed with another key.'
          : 'The stored secret value does not open: it was changed, or moved from another name.',
    );
    this.name = 'SecretUnsealError';
  }
}

export interface SecretSealer {
  /** Names the key (not secret): the second part of every value it seals. */
  readonly keyId: string;
  seal(name: string, value: string): Promise<string>;
  unseal(name: string, sealed: string): Promise<string>;
}

/** A new key: 32 bytes from the random source (a server writes it to its key file once, at first start). */
export function generateSecretKey(random: RandomSource = cryptoRandom): Uint8Array<ArrayBuffer> {
  return random(new Uint8Array(SECRET_KEY_BYTES));
}

export async function createSealer(rawKey: Uint8Array, random: RandomSource = cryptoRandom): Promise<SecretSealer> {
  if (rawKey.length !== SECRET_KEY_BYTES) throw new Error(`A secret key is ${SECRET_KEY_BYTES} bytes, not ${rawKey.length}.`);
  const keyBytes = new Uint8Array(rawKey);
  const key = await crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const keyId = base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', keyBytes)).slice(0, 8));
  const associated = (name: string) => encoder.encode(`pipeline-api secret ${VERSION}\u0000${name}`);
  return {
    keyId,
    async seal(name, value) {
      const iv = random(new Uint8Array(IV_BYTES));
      const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: associated(name) }, key, encoder.encode(value));
      return `${VERSION}.${keyId}.${base64Url(iv)}.${base64Url(new Uint8Array(sealed))}`;
    },
    async unseal(name, sealed) {
      const parts = sealed.split('.');
      const [version, id, ivText, bodyText] = parts;
      if (parts.length !== 4 || version !== VERSION || ivText === undefined || bodyText === undefined) throw new SecretUnsealError('malformed');
      if (id !== keyId) throw new SecretUnsealError('other_key');
      const iv = fromBase64Url(ivText);
      const body = fromBase64Url(bodyText);
      if (iv?.length !== IV_BYTES || !body) throw new SecretUnsealError('malformed');
      try {
        const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: associated(name) }, key, body);
        return new TextDecoder('utf-8', { fatal: true }).decode(plain);
      } catch {
        throw new SecretUnsealError('not_authentic');
      }
    },
  };
}

/** base64url without padding to bytes; null when it is not that. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
