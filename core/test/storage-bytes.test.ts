import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository } from '../src/repository/memory.js';
import { sizeChange, sizeOf, storageLimits } from '../src/repository/storage-limits.js';

/** A new version of `value` as the resources make them: the unchanged parts shared, one part replaced. */
const edit = (value: unknown, path: number[], replacement: unknown): unknown => {
  if (path.length === 0 || value === null || typeof value !== 'object') return replacement;
  const [step, ...rest] = path;
  if (Array.isArray(value)) {
    if (value.length === 0) return [replacement];
    const at = step! % (value.length + 1);
    const copy = value.slice();
    if (rest.length === 0 && step! % 3 === 0)
      copy.splice(at, 0, replacement); // an insert
    else if (rest.length === 0 && step! % 3 === 1)
      copy.splice(at, 1); // a removal
    else copy[at % value.length] = edit(value[at % value.length], rest, replacement);
    return copy;
  }
  const keys = Object.keys(value);
  const key = keys.length === 0 || step! % 4 === 0 ? `k${step}` : keys[step! % keys.length]!;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && step! % 5 === 1) delete copy[key];
  else copy[key] = edit(copy[key], rest, replacement);
  return copy;
};

const json = fc.jsonValue({ maxDepth: 4 });
const edits = fc.array(fc.tuple(fc.array(fc.nat(20), { maxLength: 4 }), json), { maxLength: 6 });

describe('stored bytes', () => {
  it('counts a finite number and a boolean as their JSON text is long, integers of every magnitude included', () => {
    const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
    const integers = fc.oneof(fc.integer(), fc.maxSafeInteger(), finite.map(Math.trunc));
    fc.assert(
      fc.property(fc.oneof(integers, finite), (value) => {
        expect(sizeOf(value)).toBe(JSON.stringify(value).length);
      }),
      { numRuns: 2000 },
    );
    for (let power = 0; power <= 22; power++)
      for (const value of [10 ** power, 10 ** power - 1, -(10 ** power)]) expect(sizeOf(value)).toBe(String(value).length);
    expect([sizeOf(-0), sizeOf(true), sizeOf(false)]).toEqual([1, 4, 5]);
  });

  it('measures a new version by what changed: the same figure as measuring both whole', () => {
    fc.assert(
      fc.property(json, edits, (first, changes) => {
        let version: unknown = first;
        for (const [path, replacement] of changes) {
          const next = edit(version, path, replacement);
          expect(sizeChange(version, next)).toBe(sizeOf(next) - sizeOf(version));
          version = next;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps its byte count equal to the rows stored, through replaced versions, deletes and rolled-back transactions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(4), fc.constantFrom('put', 'delete', 'rollback'), fc.array(fc.nat(20), { maxLength: 3 }), json), { maxLength: 30 }),
        (ops) => {
          const cap = 1_000_000;
          const repo = createMemoryRepository({ hooks: storageLimits({ maxRecords: 0, maxBytes: cap }) });
          const rows = repo.openTable('rows', (row: { id: string; data: unknown }) => row.id);
          for (const [id, op, path, replacement] of ops) {
            const current = rows.get(`r${id}`);
            const next = { id: `r${id}`, data: edit(current?.data ?? {}, path, replacement) };
            if (op === 'put') rows.put(next);
            if (op === 'delete') rows.delete(`r${id}`);
            if (op === 'rollback') {
              expect(() =>
                repo.transaction(() => (rows.put(next), rows.delete(`r${(id + 1) % 5}`), rows.put({ id: 'extra', data: replacement }), fail())),
              ).toThrow('halfway');
            }
          }
          // What is stored, measured whole; a filler record that fills the cap exactly fits, one byte more does not.
          const stored = rows.list().reduce((sum, row) => sum + sizeOf(row), 0);
          const filler = (length: number) => ({ id: 'filler', data: 'x'.repeat(length) });
          const fits = cap - stored - sizeOf(filler(0));
          expect(() => rows.put(filler(fits + 1))).toThrow(/MAX_STORED_BYTES/);
          rows.put(filler(fits));
          expect(rows.get('filler')).toEqual(filler(fits));
        },
      ),
      { numRuns: 200 },
    );
  });
});

function fail(): never {
  throw new Error('a fault halfway');
}
