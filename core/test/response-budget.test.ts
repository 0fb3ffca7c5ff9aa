import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetedJson, ResponseTooLarge } from '../src/response-budget.js';

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Writes `items` as a list in an envelope within `budget`: the text, or the refusal. */
function write(items: unknown[], budget: number): string | ResponseTooLarge {
  const json = new BudgetedJson(budget);
  try {
    for (const item of items) json.add(JSON.stringify(item) ?? 'null');
    return json.wrap('{"things":[', '],"metadata":null,"status":200}');
  } catch (error) {
    if (error instanceof ResponseTooLarge) return error;
    throw error;
  }
}

/** The budget is counted in exact UTF-8 bytes: the text fits a budget of its own size and not one byte less. */
function expectExactCount(items: unknown[]) {
  const text = JSON.stringify({ things: items, metadata: null, status: 200 });
  const bytes = utf8Bytes(text);
  expect(write(items, bytes)).toBe(text);
  expect(write(items, bytes - 1)).toBeInstanceOf(ResponseTooLarge);
}

describe('BudgetedJson', () => {
  it('counts exactly the UTF-8 bytes JSON.stringify writes, escapes and surrogates included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expectExactCount([value]);
        expectExactCount([value, value]);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expectExactCount([{ [a]: [a, b, undefined, -0, 1.5e-7], skipped: undefined, b }, a, b]);
      }),
      { numRuns: 500 },
    );
    for (const edge of ['\ud800', '\udc00x', '😀', '\u2028', '\u007f', '"\\', '\u0000\b\f\n\r\t\u001f']) expectExactCount([{ edge }]);
    expectExactCount([]);
  });

  it('stops once past the budget: a list of a million 1 MB items is refused after about 16 of them', () => {
    const shared = 'x'.repeat(1024 * 1024);
    const json = new BudgetedJson(16 * 1024 * 1024);
    let added = 0;
    expect(() => {
      for (let i = 0; i < 1_000_000; i++) {
        json.add(JSON.stringify({ shared }));
        added++;
      }
    }).toThrow(ResponseTooLarge);
    expect(added).toBe(15);
  });
});
