import fc from 'fast-check';

type Schema = Record<string, any>;

const NAMES = ['alpha', 'beta', 'load', 'clean', 'arwen-starlight', 'Arwen Starlight', '2 fast', 'dir/sub', 'Ünïcode', 'x'];

/** Values that satisfy a JSON Schema (as zod emits it), biased towards names that collide and reference each other. */
export function fromSchema(schema: Schema, defs: Record<string, Schema>, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.$ref) return fromSchema(defs[String(schema.$ref).split('/').pop()!]!, defs, depth + 1);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v: Schema) => fromSchema(v, defs, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
        { weight: 1, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 24) }) },
      );
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -5, -5), max: Math.min(schema.maximum ?? 50, 50) });
    case 'number':
      return fc.double({ noNaN: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items, defs, depth + 1) : fc.jsonValue(), { maxLength: 3 });
    case 'object': {
      const props = Object.entries(schema.properties ?? {}) as [string, Schema][];
      if (props.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
      // Optional keys turn up a quarter of the time, so most payloads are plausible and get past validation.
      const required = new Set<string>(schema.required ?? []);
      const parts = Object.fromEntries(
        props.map(([k, v]) => {
          const value = fromSchema(v, defs, depth + 1);
          return [k, required.has(k) ? value : fc.option(value, { freq: 3, nil: undefined })];
        }),
      );
      return fc.record(parts).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Ways to break a valid body. */
export const bodyMutation = fc.constantFrom(
  'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', 'none', 'wrong-type', 'drop-key', 'extra-key', 'proto-key', 'constructor-key', 'huge-string',
  'unicode', 'deep-nesting', 'truncated', 'not-an-object', 'empty', 'over-limit',
);

export type BodyMutation = 'none' | 'wrong-type' | 'drop-key' | 'extra-key' | 'proto-key' | 'constructor-key' | 'huge-string' | 'unicode' | 'deep-nesting' | 'truncated' | 'not-an-object' | 'empty' | 'over-limit';

/** The body text for a valid payload after one mutation (a pure function of its inputs, so shrinking works). */
export function mutateBody(body: Record<string, unknown> | undefined, mutation: BodyMutation, pick: number): string | undefined {
  const payloadKey = body ? Object.keys(body).find((k) => k !== 'api_key') : undefined;
  const payload = payloadKey ? ((body![payloadKey] ?? {}) as Record<string, unknown>) : undefined;
  const keys = payload ? Object.keys(payload) : [];
  const key = keys.length ? keys[pick % keys.length]! : 'name';
  const withPayload = (next: unknown) => JSON.stringify({ ...body, [payloadKey ?? 'x']: next });
  switch (mutation) {
    case 'none':
      return body === undefined ? undefined : JSON.stringify(body);
    case 'wrong-type':
      return withPayload({ ...payload, [key]: [[{ nested: pick }], 12, true, null, 'str'][pick % 5] });
    case 'drop-key': {
      const { [key]: _, ...rest } = payload ?? {};
      return withPayload(rest);
    }
    case 'extra-key':
      return withPayload({ ...payload, [`unexpected_${pick % 7}`]: pick });
    case 'proto-key':
      return `{"${payloadKey ?? 'x'}": {"__proto__": {"polluted": true}, "name": "proto"}}`;
    case 'constructor-key':
      return withPayload({ ...payload, constructor: { prototype: { polluted: true } } });
    case 'huge-string':
      return withPayload({ ...payload, [key]: 'x'.repeat(200_000) });
    case 'unicode':
      return withPayload({ ...payload, [key]: '\u0000\u202e𝔘𝔫𝔦\uFEFF"$\n\t✓ ../' });
    case 'deep-nesting': {
      // Around the 100-level limit and far past it (as text: JSON.stringify itself overflows at 100k).
      // Into a key that holds an object or a list if there is one: those are the values stored as sent.
      const depth = [40, 97, 99, 3_000, 100_000][pick % 5]!;
      const deep = pick % 2 ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth);
      const containers = keys.filter((k) => payload![k] !== null && typeof payload![k] === 'object');
      const target = containers.length ? containers[pick % containers.length]! : key;
      return withPayload({ ...payload, [target]: '\u0000deep' }).replace('"\\u0000deep"', deep);
    }
    case 'truncated': {
      const text = JSON.stringify(body ?? { x: 1 });
      return text.slice(0, Math.max(1, pick % text.length));
    }
    case 'not-an-object':
      return ['[1,2]', '"text"', '42', 'null', 'true'][pick % 5];
    case 'empty':
      return '';
    case 'over-limit':
      return JSON.stringify({ ...body, padding: 'y'.repeat(1024 * 1024 + 10) });
  }
}

/** Path ids: real ones, missing ones, traversal and oddities. */
export const pathId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('alpha', 'beta', 'load', 'clean', 'arwen_starlight', 'letter_2_fast', '1', '2') },
  { weight: 1, arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'a%2Fb', '%E0%A4%A', '0', '-1', '99999999999999999999', '%00', 'null') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s) || 'empty') },
);

/** Meta params, good and bad. */
const badMeta = fc.record(
  {
    _limit: fc.constantFrom('0', '1', '2', '40', '-1', 'abc', '1e3', '', '99999999999999999999'),
    _offset: fc.constantFrom('0', '1', '3', '-5', 'x'),
    _format: fc.constantFrom('compact', 'detail', 'list', 'create', 'nonsense', ''),
    _http_error_codes: fc.constantFrom('1', 'true', ''),
    '_order_by[]': fc.constantFrom('name', '-uuid', 'blocks', 'colour'),
    force: fc.constantFrom('true', 'True', '0', 'maybe'),
    search: fc.string({ maxLength: 5 }),
    stray: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: [] },
);
export const metaQuery = fc.oneof({ weight: 3, arbitrary: fc.constant({} as Record<string, string>) }, { weight: 1, arbitrary: badMeta });

export const contentType = fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined);

export const credentials = fc.constantFrom('token', 'token', 'token', 'token', 'token', 'token', 'token', 'token', 'token', 'token', 'token', 'token', 'none', 'wrong-key', 'garbage-token', 'cookie-garbage', 'bearer');
