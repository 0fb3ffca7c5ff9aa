import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedKeys } from '../src/repository/sorted-keys.js';

describe('the sorted key index', () => {
  it('holds the same keys in the same order as a sorted array, through inserts, deletes and chunk splits', () => {
    const op = fc.tuple(fc.constantFrom('insert', 'insert', 'insert', 'delete'), fc.integer({ min: 0, max: 4000 }));
    const window = fc.tuple(fc.integer({ min: -50, max: 5000 }), fc.integer({ min: -50, max: 5000 }));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 6000 }), fc.array(window, { maxLength: 20 }), (ops, windows) => {
        const keys = new SortedKeys<string>();
        const reference = new Set<string>();
        // 2,100 distinct keys in scattered order first, so every run splits chunks (they hold up to 1,024).
        for (let i = 0; i < 2100; i++) {
          const key = `p${(i * 7919) % 4001}`;
          keys.insert(key);
          reference.add(key);
        }
        for (const [kind, n] of ops) {
          const key = `p${n}`;
          if (kind === 'insert') {
            keys.insert(key);
            reference.add(key);
          } else {
            keys.delete(key);
            reference.delete(key);
          }
        }
        const expected = [...reference].sort();
        expect(keys.length).toBe(expected.length);
        expect(keys.slice()).toEqual(expected);
        for (const [start, end] of windows) expect(keys.slice(start, end)).toEqual(expected.slice(start, end));
      }),
      { numRuns: 60 },
    );
  });

  it('keeps numeric keys in numeric order', () => {
    const keys = new SortedKeys<number>();
    for (const n of [10, 2, 33, 1, 2]) keys.insert(n);
    expect(keys.slice()).toEqual([1, 2, 10, 33]);
  });
});
