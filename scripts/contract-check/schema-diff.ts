/**
 * Compares two JSON Schemas (2020-12, as zod emits them into the OpenAPI document) in one direction: what a client
 * sends (a request: narrowing breaks it) or what it reads (a response: widening or losing a field breaks it). It knows
 * the shapes the contract emits: `$ref`s to components, nullable as `anyOf [X, {type: null}]`, and open enums,
 * `anyOf [{enum}, {type: string}]`, which the SDK types as the known values or any string, so a response value added
 * to one breaks no client.
 */
export type Schema = Record<string, unknown>;
export type Direction = 'request' | 'response';

export interface Document {
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Schema> };
  [key: string]: unknown;
}

/** What a difference is called and whether it breaks the side that reads or writes it. */
export type Emit = (rule: string, path: string, message: string, breaking: boolean) => void;

interface Normal {
  /** JSON types it allows; undefined for any value. */
  types: Set<string> | undefined;
  enumValues: Set<string> | undefined;
  /** An open enum also takes any other string. */
  open: boolean;
  properties: Record<string, unknown> | undefined;
  required: Set<string>;
  additional: unknown;
  items: unknown;
  /** Variants that are not one schema with nulls or an open enum. */
  union: unknown[] | undefined;
  deprecated: boolean;
  raw: Schema;
}

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const quote = (values: Iterable<string>) => [...values].join(', ');
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const;

export function resolve(doc: Document, schema: unknown): { schema: Schema; ref: string | undefined } {
  let ref: string | undefined;
  let current: unknown = schema;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    ref = current.$ref;
    const name = ref.slice(ref.lastIndexOf('/') + 1);
    const kind = ref.includes('/parameters/') ? 'parameters' : 'schemas';
    const table = doc.components?.[kind] ?? {};
    current = Object.hasOwn(table, name) ? table[name] : {};
  }
  return { schema: isObject(current) ? current : {}, ref };
}

function normalize(doc: Document, input: unknown): Normal {
  const { schema } = resolve(doc, input);
  const deprecated = schema.deprecated === true;
  const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants)) {
    const resolved = variants.map((v) => resolve(doc, v).schema);
    const nulls = resolved.filter((v) => v.type === 'null');
    let rest = resolved.filter((v) => v.type !== 'null');
    const enumVariant = rest.find((v) => Array.isArray(v.enum));
    const anyString = rest.find((v) => v.type === 'string' && v.enum === undefined && v.const === undefined && Object.keys(v).length === 1);
    const open = rest.length === 2 && enumVariant !== undefined && anyString !== undefined;
    if (open) rest = [enumVariant];
    if (rest.length === 1) {
      const inner = normalize(doc, rest[0]);
      if (nulls.length > 0 && inner.types) inner.types.add('null');
      return { ...inner, open: inner.open || open, deprecated: deprecated || inner.deprecated, raw: schema };
    }
    return { ...empty(schema), union: variants, deprecated };
  }
  const normal = empty(schema);
  normal.deprecated = deprecated;
  if (schema.const !== undefined) normal.enumValues = new Set([JSON.stringify(schema.const)]);
  else if (Array.isArray(schema.enum)) normal.enumValues = new Set(schema.enum.map((v) => JSON.stringify(v)));
  if (typeof schema.type === 'string') normal.types = new Set([schema.type]);
  else if (Array.isArray(schema.type)) normal.types = new Set(schema.type as string[]);
  else if (isObject(schema.properties)) normal.types = new Set(['object']);
  if (isObject(schema.properties)) normal.properties = schema.properties;
  normal.required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  normal.additional = schema.additionalProperties;
  normal.items = schema.items;
  return normal;
}

function empty(raw: Schema): Normal {
  return {
    types: undefined,
    enumValues: undefined,
    open: false,
    properties: undefined,
    required: new Set(),
    additional: undefined,
    items: undefined,
    union: undefined,
    deprecated: false,
    raw,
  };
}

const minus = <T>(a: Set<T>, b: Set<T>) => new Set([...a].filter((x) => !b.has(x)));
/** An integer is a number: `integer` -> `number` widens, the reverse narrows. */
const typeMinus = (a: Set<string>, b: Set<string>) => new Set([...minus(a, b)].filter((t) => !(t === 'integer' && b.has('number'))));
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Every difference between `base` and `current` at `path`, each emitted with whether it breaks the `direction`'s side. */
export function diffSchemas(
  docs: { base: Document; current: Document },
  base: unknown,
  current: unknown,
  direction: Direction,
  path: string,
  emit: Emit,
  visiting: ReadonlySet<string> = new Set(),
): void {
  const baseRef = resolve(docs.base, base).ref;
  const currentRef = resolve(docs.current, current).ref;
  // A recursive schema (a file tree's children) is compared once along each path.
  const pair = `${baseRef ?? '-'}|${currentRef ?? '-'}`;
  if ((baseRef || currentRef) && visiting.has(pair)) return;
  const inner = baseRef || currentRef ? new Set([...visiting, pair]) : visiting;
  const b = normalize(docs.base, base);
  const c = normalize(docs.current, current);
  const request = direction === 'request';

  if (!b.deprecated && c.deprecated) emit('deprecated', path, 'is deprecated', false);

  if (b.union || c.union) {
    const [bu, cu] = [b.union, c.union];
    if (bu && cu?.length === bu.length) {
      bu.forEach((variant, i) => diffSchemas(docs, variant, cu[i], direction, `${path}|${i + 1}`, emit, inner));
    } else if (JSON.stringify(b.raw) !== JSON.stringify(c.raw)) {
      emit(`${direction}-union-changed`, path, 'its alternatives changed', true);
    }
    return;
  }

  // Types.
  if (!b.types && c.types) {
    if (request) emit('request-type-narrowed', path, `took any value, now only ${quote(c.types)}`, true);
  } else if (b.types && !c.types) {
    if (!request) emit('response-type-widened', path, `was ${quote(b.types)}, may now be any value`, true);
  } else if (b.types && c.types) {
    const removed = typeMinus(b.types, c.types);
    const added = typeMinus(c.types, b.types);
    if (request && removed.size > 0) emit('request-type-narrowed', path, `no longer accepts ${quote(removed)}`, true);
    if (!request && added.size > 0) emit('response-type-widened', path, `may now be ${quote(added)}`, true);
  }

  // Enums.
  const be = b.enumValues;
  const ce = c.enumValues;
  if (be && ce) {
    const removed = minus(be, ce);
    const added = minus(ce, be);
    if (request) {
      if (removed.size > 0 && !c.open) emit('request-enum-narrowed', path, `no longer accepts ${quote(removed)}`, true);
      else if (b.open && !c.open) emit('request-enum-narrowed', path, 'no longer accepts values outside its list', true);
      if (added.size > 0) emit('request-enum-widened', path, `also accepts ${quote(added)}`, false);
    } else {
      if (added.size > 0) emit('response-enum-widened', path, `may now be ${quote(added)}`, !c.open);
      else if (!b.open && c.open) emit('response-enum-widened', path, 'may now be values outside its list', true);
      if (removed.size > 0) emit('response-enum-narrowed', path, `no longer answers ${quote(removed)}`, false);
    }
  } else if (be && !ce) {
    if (!request && !b.open) emit('response-enum-widened', path, `was one of ${quote(be)}, may now be any value`, true);
  } else if (!be && ce) {
    if (request && !c.open) emit('request-enum-narrowed', path, `now accepts only ${quote(ce)}`, true);
  }

  // Bounds: a client's value that was in bounds must stay in bounds.
  if (request) {
    for (const key of LOWER_BOUNDS) {
      const was = b.raw[key];
      const now = c.raw[key];
      if (typeof now === 'number' && (typeof was !== 'number' || now > was))
        emit('request-bound-tightened', path, `${key} ${typeof was === 'number' ? was : 'none'} -> ${now}`, true);
    }
    for (const key of UPPER_BOUNDS) {
      const was = b.raw[key];
      const now = c.raw[key];
      if (typeof now === 'number' && (typeof was !== 'number' || now < was))
        emit('request-bound-tightened', path, `${key} ${typeof was === 'number' ? was : 'none'} -> ${now}`, true);
    }
    if (typeof c.raw.pattern === 'string' && c.raw.pattern !== b.raw.pattern) {
      emit('request-pattern-changed', path, `must match ${c.raw.pattern}${typeof b.raw.pattern === 'string' ? ` (was ${b.raw.pattern})` : ''}`, true);
    }
  }

  // Objects.
  if (b.properties || c.properties) {
    const bp = b.properties ?? {};
    const cp = c.properties ?? {};
    for (const name of Object.keys(bp)) {
      const field = join(path, name);
      if (!Object.hasOwn(cp, name)) {
        emit(`${direction}-field-removed`, field, request ? 'is no longer accepted' : 'is no longer answered', true);
        continue;
      }
      if (request && !b.required.has(name) && c.required.has(name)) emit('request-field-now-required', field, 'is now required', true);
      if (!request && b.required.has(name) && !c.required.has(name)) emit('response-field-now-optional', field, 'may now be absent', true);
      diffSchemas(docs, bp[name], cp[name], direction, field, emit, inner);
    }
    for (const name of Object.keys(cp)) {
      if (Object.hasOwn(bp, name)) continue;
      const required = c.required.has(name);
      if (request)
        emit(
          required ? 'request-required-field-added' : 'request-field-added',
          join(path, name),
          required ? 'is a new required field' : 'is a new optional field',
          required,
        );
      else emit('response-field-added', join(path, name), 'is a new field', false);
    }
  }
  if (isObject(b.additional) && isObject(c.additional)) diffSchemas(docs, b.additional, c.additional, direction, `${path}[key]`, emit, inner);
  if (b.items !== undefined && c.items !== undefined) diffSchemas(docs, b.items, c.items, direction, `${path}[]`, emit, inner);
}
