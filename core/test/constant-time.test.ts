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
    expect(constantTimeEqual('\ud800', '\udc00')).toBe(false); // lone surrogates differ, unlike their encoded U+FFFD
  });

  it('looks at every code unit whatever the first difference (work does not depend on where they differ)', () => {
    // Count the code units read: the same for an early and a late mismatch.
    const reads = (a: string, b: string) => {
      let count = 0;
      // Saved to be restored below and called with .call(this).
      // eslint-disable-next-line @typescript-eslint/unbound-method -- see above
      const charCodeAt = String.prototype.charCodeAt;
      String.prototype.charCodeAt = function (this: string, index: number) {
        count++;
        return charCodeAt.call(this, index);
      };
      try {
        constantTimeEqual(a, b);
      } finally {
        String.prototype.charCodeAt = charCodeAt;
      }
      return count;
    };
    const early = reads('a'.repeat(40), 'b'.repeat(40));
    expect(early).toBeGreaterThanOrEqual(80);
    expect(early).toBe(reads('a'.repeat(40), `${'a'.repeat(39)}b`));
    expect(reads('a'.repeat(40), 'a'.repeat(40))).toBe(early);
  });

  it('hashes tokens for storage', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
