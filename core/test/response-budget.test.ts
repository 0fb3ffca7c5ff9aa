import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytesWithin } from '../src/response-budget.js';

const utf8Bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('jsonBytesWithin', () => {
  it('counts exactly the UTF-8 bytes JSON.stringify writes, escapes and surrogates included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonBytesWithin(value, Number.MAX_SAFE_INTEGER)).toBe(utf8Bytes(value));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const value = { [a]: [a, b, undefined, -0, 1.5e-7], skipped: undefined, b };
        expect(jsonBytesWithin(value, Number.MAX_SAFE_INTEGER)).toBe(utf8Bytes(value));
      }),
      { numRuns: 500 },
    );
    for (const edge of ['\ud800', '\udc00x', '😀', '\u2028', '\u007f', '"\\', '\u0000\b\f\n\r\t\u001f']) {
      expect(jsonBytesWithin({ edge }, Number.MAX_SAFE_INTEGER), JSON.stringify(edge)).toBe(utf8Bytes({ edge }));
    }
  });

  it('stops once past the budget: a string repeated a million times costs what the budget allows', () => {
    const shared = 'x'.repeat(1024 * 1024);
    const value = Array.from({ length: 1_000_000 }, () => ({ shared }));
    const counted = jsonBytesWithin(value, 16 * 1024 * 1024);
    expect(counted).toBeGreaterThan(16 * 1024 * 1024);
    // The whole value is 1 TB as JSON: the count stopped about one item past the budget.
    expect(counted).toBeLessThan(18 * 1024 * 1024);
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = null;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonBytesWithin(deep, Number.MAX_SAFE_INTEGER)).toBe(100_000 * 2 + 4);
  });
});
