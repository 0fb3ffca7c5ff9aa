import { describe, expect, it } from 'vitest';
import { constantTimeEqual, sha256Hex } from '../src/auth/constant-time.js';

describe('secret comparison', () => {
  it('compares equal, unequal, prefix and empty strings correctly', () => {
    expect(constantTimeEqual('zkWlN0PkIKSN0C11', 'zkWlN0PkIKSN0C11')).toBe(true);
    expect(constantTimeEqual('zkWlN0PkIKSN0C11', 'zkWlN0PkIKSN0C12')).toBe(false);
    expect(constantTimeEqual('zkWlN0PkIKSN0C11', 'zkWlN0PkIKSN0C1')).toBe(false);
    expect(constantTimeEqual('', 'a')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('é', 'e')).toBe(false);
  });

  it('looks at every byte whatever the first difference (work does not depend on where they differ)', () => {
    // Count the bytes read through a proxy: the same for an early and a late mismatch.
    const reads = (a: string, b: string) => {
      let count = 0;
      // Saved to be restored below and called with .call(this).
      // eslint-disable-next-line @typescript-eslint/unbound-method -- see above
      const encode = TextEncoder.prototype.encode;
      TextEncoder.prototype.encode = function (this: TextEncoder, input?: string) {
        const bytes = encode.call(this, input);
        return new Proxy(bytes, { get: (t, k) => (typeof k === 'string' && /^\d+$/.test(k) && count++, Reflect.get(t, k)) });
      };
      try {
        constantTimeEqual(a, b);
      } finally {
        TextEncoder.prototype.encode = encode;
      }
      return count;
    };
    expect(reads('a'.repeat(40), 'b'.repeat(40))).toBe(reads('a'.repeat(40), `${'a'.repeat(39)}b`));
  });

  it('hashes tokens for storage', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
