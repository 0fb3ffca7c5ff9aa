import fc from 'fast-check';

type Schema = Record<string, any>;

const NAMES = ['alpha', 'beta', 'load', 'clean', 'arwen-starlight', 'Arwen Starlight', '2 fast', 'dir/sub', 'Ünïcode', 'x'];

/**
 * Names of Object.prototype's members (and sort-key spellings of them): a lookup by a client's string in a plain
 * object finds these. Drawn as every kind of string the fuzzer makes: body values and keys, path segments,
 * query values and names, header names.
 */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'prototype',
  '-__proto__',
  '-constructor',
  '-hasOwnProperty',
] as const;
export const prototypeName = fc.constantFrom(...PROTOTYPE_NAMES);
/** A string from `strings` most of the time, a prototype member's name otherwise. */
const orPrototypeName = (strings: fc.Arbitrary<string>, weight = 4) => fc.oneof({ weight, arbitrary: strings }, { weight: 1, arbitrary: prototypeName });

/** Values that satisfy a JSON Schema (as zod emits it), biased towards names that collide and reference each other. */
export function fromSchema(schema: Schema, defs: Record<string, Schema>, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.$ref) return fromSchema(defs[String(schema.$ref).split('/').pop()!]!, defs, depth + 1);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v: Schema) => fromSchema(v, defs, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) {
    const values = fc.constantFrom(...schema.enum);
    return schema.enum.every((v: unknown) => typeof v === 'string') ? orPrototypeName(values, 12) : values;
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
        { weight: 1, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 24) }) },
        { weight: 1, arbitrary: prototypeName },
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
      const props = Object.entries<Schema>(schema.properties ?? {});
      if (props.length === 0) return fc.dictionary(orPrototypeName(fc.string({ maxLength: 8 }), 2), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
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
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'wrong-type',
  'drop-key',
  'extra-key',
  'proto-key',
  'constructor-key',
  'huge-string',
  'unicode',
  'deep-nesting',
  'truncated',
  'not-an-object',
  'empty',
  'over-limit',
  'prototype-key',
  'prototype-value',
  'shared-block',
  'shared-block',
  'large-payload',
  'large-payload',
  'large-payload',
);

export type BodyMutation =
  | 'none'
  | 'wrong-type'
  | 'drop-key'
  | 'extra-key'
  | 'proto-key'
  | 'constructor-key'
  | 'huge-string'
  | 'unicode'
  | 'deep-nesting'
  | 'truncated'
  | 'not-an-object'
  | 'empty'
  | 'over-limit'
  | 'prototype-key'
  | 'prototype-value'
  | 'shared-block'
  | 'large-payload';

/**
 * The large strings the mutations send, as JSON text made once: building and escaping a megabyte per request cost
 * the fuzzer more CPU than the server spent answering it. A body holds a marker where one goes, replaced as text.
 */
const LARGE_VALUES = {
  huge: JSON.stringify('x'.repeat(200_000)),
  content: JSON.stringify('x'.repeat(150_000)),
  blob: JSON.stringify('y'.repeat(150_000)),
  padding: JSON.stringify('y'.repeat(1024 * 1024 + 10)),
};
const marker = (name: keyof typeof LARGE_VALUES) => `\u0000large:${name}\u0000`;

/** `json` with each large-value marker replaced by its JSON text (a function replacer: no `$` patterns). */
function withLargeValues(json: string, ...names: (keyof typeof LARGE_VALUES)[]): string {
  return names.reduce((text, name) => text.replace(JSON.stringify(marker(name)), () => LARGE_VALUES[name]), json);
}

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
      return withLargeValues(withPayload({ ...payload, [key]: marker('huge') }), 'huge');
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
      return withLargeValues(JSON.stringify({ ...body, padding: marker('padding') }), 'padding');
    case 'prototype-key': {
      // As text: an object literal's `__proto__` key would set the prototype instead of making a key.
      const name = PROTOTYPE_NAMES[pick % PROTOTYPE_NAMES.length]!;
      return withPayload({ ...payload, '\u0000key': pick }).replace('"\\u0000key"', JSON.stringify(name));
    }
    case 'prototype-value':
      return withPayload({ ...payload, [key]: PROTOTYPE_NAMES[pick % PROTOTYPE_NAMES.length] });
    // Amplification shapes: a block in both fixture pipelines (one record, many places to present it), and a payload
    // near the body limit (its content and configuration each past the fuzz server's response budget together).
    case 'shared-block':
      return withPayload({ ...payload, pipelines: ['alpha', 'beta'] });
    case 'large-payload':
      return withLargeValues(withPayload({ ...payload, content: marker('content'), configuration: { blob: marker('blob') } }), 'content', 'blob');
  }
}

/** Path ids: real ones, missing ones, traversal and oddities. */
export const pathId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('alpha', 'beta', 'load', 'clean', 'arwen_starlight', 'letter_2_fast', '1', '2') },
  { weight: 1, arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'a%2Fb', '%E0%A4%A', '0', '-1', '99999999999999999999', '%00', 'null') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s) || 'empty') },
  { weight: 1, arbitrary: prototypeName },
);

/** Meta params, good and bad. */
const badMeta = fc.record(
  {
    _limit: orPrototypeName(fc.constantFrom('0', '1', '2', '40', '-1', 'abc', '1e3', '0x10', '', '99999999999999999999', '1000', '1001', '9007199254740991')),
    _offset: orPrototypeName(fc.constantFrom('0', '1', '3', '-5', 'x', '', '1.5')),
    _format: orPrototypeName(fc.constantFrom('compact', 'detail', 'list', 'create', 'nonsense', '')),
    _http_error_codes: fc.constantFrom('1', 'true', ''),
    '_order_by[]': orPrototypeName(fc.constantFrom('name', '-uuid', 'blocks', 'colour', '', 'name,-type'), 2),
    force: orPrototypeName(fc.constantFrom('true', 'True', '0', 'maybe')),
    search: orPrototypeName(fc.string({ maxLength: 5 })),
    stray: orPrototypeName(fc.string({ maxLength: 5 })),
    'type[]': orPrototypeName(fc.constantFrom('python', 'streaming', 'nonsense')),
  },
  { requiredKeys: [] },
);
/** Query params named after prototype members, with any value. */
const prototypeQuery = fc.dictionary(prototypeName, orPrototypeName(fc.string({ maxLength: 5 }), 1), { minKeys: 1, maxKeys: 2 });
export const metaQuery = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: badMeta },
  { weight: 1, arbitrary: fc.tuple(badMeta, prototypeQuery).map(([meta, proto]) => ({ ...meta, ...proto })) },
);

/** Extra request headers named after prototype members (header names are the client's strings too). */
export const prototypeHeaders = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.dictionary(prototypeName, orPrototypeName(fc.constantFrom('1', 'x'), 1), { minKeys: 1, maxKeys: 2 }) },
);

export const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  undefined,
);

export const credentials = fc.constantFrom(
  'token',
  'token',
  'token',
  'token',
  'token',
  'token',
  'token',
  'token',
  'token',
  'token',
  'token',
  'token',
  'none',
  'wrong-key',
  'garbage-token',
  'cookie-garbage',
  'bearer',
);
