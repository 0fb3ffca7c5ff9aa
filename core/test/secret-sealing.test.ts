import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/errors.js';
import { seededRandom } from '../src/random.js';
import { checkSecretName, checkSecretValue, createSealer, generateSecretKey, MAX_SECRET_VALUE_BYTES, SecretUnsealError } from '../src/secrets/sealing.js';

const VALUE = 'hunter2-correct-horse-battery-staple';
const reasonOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SecretUnsealError) {
      expect(error.message).not.toContain(VALUE);
      return error.reason;
    }
    throw error;
  }
  return 'opened';
};
const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  return 'no error';
};

describe('sealing secret values', () => {
  it('round trips, with a fresh IV per value: the same value seals differently', async () => {
    const sealer = await createSealer(generateSecretKey());
    const a = await sealer.seal('warehouse_password', VALUE);
    const b = await sealer.seal('warehouse_password', VALUE);
    expect(a).not.toBe(b);
    expect(await sealer.unseal('warehouse_password', a)).toBe(VALUE);
    expect(await sealer.unseal('warehouse_password', b)).toBe(VALUE);
    expect(await sealer.unseal('u', await sealer.seal('u', 'ünïcødé ✓'))).toBe('ünïcødé ✓');
  });

  it('is versioned and shows nothing of the value', async () => {
    const sealer = await createSealer(generateSecretKey());
    const sealed = await sealer.seal('warehouse_password', VALUE);
    expect(sealed).toMatch(/^v1\.[\w-]{11}\.[\w-]{16}\.[\w-]+$/);
    expect(sealed.split('.')[1]).toBe(sealer.keyId);
    expect(sealed).not.toContain(VALUE);
    expect(sealed).not.toContain(btoa(VALUE).slice(0, 12));
    expect(sealed.toLowerCase()).not.toContain('hunter');
  });

  it('does not open with another key, and says so', async () => {
    const sealed = await (await createSealer(generateSecretKey())).seal('s', VALUE);
    expect(await reasonOf((await createSealer(generateSecretKey())).unseal('s', sealed))).toBe('other_key');
  });

  it('does not open under another name: a sealed value cannot be moved', async () => {
    const sealer = await createSealer(generateSecretKey());
    const sealed = await sealer.seal('warehouse_password', VALUE);
    expect(await reasonOf(sealer.unseal('other_secret', sealed))).toBe('not_authentic');
  });

  it('does not open when any part was changed', async () => {
    const sealer = await createSealer(generateSecretKey());
    const sealed = await sealer.seal('s', VALUE);
    const [version, id, iv, body] = sealed.split('.') as [string, string, string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    expect(await reasonOf(sealer.unseal('s', [version, id, flip(iv, 3), body].join('.')))).toBe('not_authentic');
    expect(await reasonOf(sealer.unseal('s', [version, id, iv, flip(body, 5)].join('.')))).toBe('not_authentic');
    expect(await reasonOf(sealer.unseal('s', [version, id, iv, body.slice(0, -4)].join('.')))).toBe('not_authentic');
    expect(await reasonOf(sealer.unseal('s', ['v2', id, iv, body].join('.')))).toBe('malformed');
    expect(await reasonOf(sealer.unseal('s', [version, id, 'not base64!', body].join('.')))).toBe('malformed');
    expect(await reasonOf(sealer.unseal('s', VALUE))).toBe('malformed');
  });

  it('takes its IVs from the random source given (the mocks seed theirs), and a 32-byte key only', async () => {
    const key = generateSecretKey(seededRandom(1));
    const one = await (await createSealer(key, seededRandom(2))).seal('s', VALUE);
    const two = await (await createSealer(key, seededRandom(2))).seal('s', VALUE);
    expect(one).toBe(two);
    await expect(createSealer(new Uint8Array(16))).rejects.toThrow('A secret key is 32 bytes, not 16.');
  });
});

describe('secret names and values', () => {
  it("follow Mage's name rule and length, and refuse a name taken", () => {
    const taken = new Set(['warehouse_password']);
    const exists = (name: string) => taken.has(name);
    expect(checkSecretName('_api_key2', exists)).toBe('_api_key2');
    expect(messageOf(() => checkSecretName('2fa', exists))).toBe(
      'name "2fa" must start with a letter or underscore and contain only letters, numbers, and underscores.',
    );
    expect(messageOf(() => checkSecretName('a-b', exists))).toContain('only letters, numbers, and underscores');
    expect(messageOf(() => checkSecretName('', exists))).toContain('name is required');
    expect(messageOf(() => checkSecretName(7, exists))).toContain('name is required');
    expect(messageOf(() => checkSecretName('a'.repeat(256), exists))).toBe('name is 256 characters; at most 255.');
    expect(messageOf(() => checkSecretName('warehouse_password', exists))).toContain('already exists. Secrets cannot be changed');
  });

  it('bound values and never repeat them in an error', () => {
    expect(checkSecretValue(VALUE)).toBe(VALUE);
    expect(messageOf(() => checkSecretValue(''))).toContain('value is required');
    expect(messageOf(() => checkSecretValue(null))).toContain('value is required');
    const huge = `${VALUE}${'x'.repeat(MAX_SECRET_VALUE_BYTES)}`;
    const message = messageOf(() => checkSecretValue(huge));
    expect(message).toBe(`value is ${MAX_SECRET_VALUE_BYTES + VALUE.length} bytes; at most ${MAX_SECRET_VALUE_BYTES} are stored.`);
    expect(message).not.toContain('hunter');
  });
});
