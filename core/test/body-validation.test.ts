import { contract, walkContract } from '@pipeline-api/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { compiledBody } from '../src/validation.js';

const compiledParse = (schema: z.ZodMiniType, body: unknown) => safeParse(compiledBody(schema), body);

const withBodies = walkContract(contract).flatMap((route) => (route.body ? [{ id: route.id, body: route.body }] : []));

/** The keys an object schema declares, or none. */
const keysOf = (schema: z.core.$ZodType | undefined): string[] => (schema instanceof z.core.$ZodObject ? Object.keys(schema._zod.def.shape) : []);

/** Values of every JSON kind, and words the contract's enums and names take. */
const value = fc.oneof(
  fc.constantFrom('transformer', 'data_loader', 'extension', 'great_expectations', 'python', 'blue', 'a', '', 'x/y', '0 * * * *', 'once'),
  fc.constantFrom(null, true, false, 0, 1, -1, 2.5, 1e21),
  fc.string({ maxLength: 8 }),
  fc.array(fc.constantFrom('a', 'b', 1, null), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', 'n', 'simulation', 'output'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** An object with some of `keys` (and a stray key now and then), each holding `inner` or any value. */
const objectOf = (keys: string[], inner: (key: string) => fc.Arbitrary<unknown> | undefined) =>
  fc
    .tuple(fc.subarray([...keys, 'stray', '__proto__']), fc.array(value, { minLength: keys.length + 2, maxLength: keys.length + 2 }), fc.boolean())
    .chain(([chosen, values, nested]) =>
      fc.tuple(...chosen.map((key, i) => (nested && inner(key) ? inner(key)! : fc.constant(values[i])))).map((drawn) => {
        const out: Record<string, unknown> = {};
        chosen.forEach((key, i) => Object.defineProperty(out, key, { value: drawn[i], enumerable: true, writable: true, configurable: true }));
        return out;
      }),
    );

describe('request bodies, validated by the compiled schema', () => {
  it.each(withBodies)('answers $id as zod/mini does: the same data or the same issues', ({ body }) => {
    const shape = body instanceof z.core.$ZodObject ? body._zod.def.shape : {};
    const payload = (key: string) => {
      const keys = keysOf(shape[key]);
      return keys.length > 0 ? objectOf(keys, () => undefined) : undefined;
    };
    const bodies = fc.oneof({ weight: 6, arbitrary: objectOf(keysOf(body), payload) }, { weight: 1, arbitrary: value });
    fc.assert(
      fc.property(bodies, (sent) => {
        const expected = body.safeParse(sent);
        const actual = compiledParse(body, sent);
        expect(actual.success).toBe(expected.success);
        if (expected.success) expect(actual.data).toStrictEqual(expected.data);
        else expect(actual.error?.issues).toStrictEqual(expected.error.issues);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps what an object schema says beyond its shape: a catchall, strictness, its checks', () => {
    const inner = z.object({ n: z.number() });
    const schemas = [
      z.object({ item: z.catchall(inner, z.string()) }),
      z.object({ item: z.strictObject({ n: z.number() }) }),
      z.strictObject({ item: inner }),
      z.object({ item: inner.check(z.refine((o) => o.n > 0, 'must be positive')) }),
    ];
    const bodies = [{ item: { n: 1, extra: 'x' } }, { item: { n: 1, extra: 2 } }, { item: { n: -1 } }, { item: { n: 1 }, other: 1 }];
    for (const schema of schemas) {
      for (const sent of bodies) {
        const expected = schema.safeParse(sent);
        const actual = compiledParse(schema, sent);
        expect(actual.success).toBe(expected.success);
        expect(actual.success ? actual.data : actual.error?.issues).toStrictEqual(expected.success ? expected.data : expected.error.issues);
      }
    }
  });
});
