/**
 * Turns a server's observed answers (a real Mage's, to the raw-HTTP differential's requests) into the documents the
 * gate compares, so two sets of answers are compared by the gate's own differ and read in its own rules and users.
 * Each route of the contract the answers reach becomes an operation; each status it answered a response, with an
 * `error.code` in the body counting as the status (as under `_http_error_codes`); each body a schema of what was seen:
 * the JSON types of every field, the fields present in every answer as required, and, where the contract has an
 * enum, the values seen, open or closed as the contract has it. The error bodies become the error envelope, and their
 * `error.type`s the error catalogue.
 */
import { diffSnapshots, successSchema, type ContractFacts, type Snapshot } from './diff.js';
import { resolve, type Document, type Schema } from './schema-diff.js';
import type { Change } from './changes.js';

/** One answer as observed: the request's method and path (query allowed), the HTTP status and the parsed body. */
export interface ObservedAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** A set of answers as the gate reads them, and which of its places the contract describes. */
export interface AnswerSnapshot {
  snapshot: Snapshot;
  /** `where` + NUL + `field` of every place the contract itself carries (a route, a field, an error kind). */
  described: Set<string>;
}

/** The operationId given to a route the contract does not have (a Mage-only path, or a method the contract lacks). */
export const NOT_IN_CONTRACT = 'not in the contract';
const ENVELOPE = '#/components/schemas/ErrorEnvelope';
const ENVELOPE_WHERE = 'error envelope (every route)';
const CATALOGUE_WHERE = 'error catalogue';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const place = (where: string, field: string) => `${where}\u0000${field}`;

/** The contract's route for a request: the path template whose literal segments match, the most literal first. */
export function routeOf(contract: Document, method: string, requestPath: string): { template: string; operationId: string | undefined } {
  const segments = requestPath.split('?')[0]!.split('/');
  const paths = (contract.paths ?? {}) as Record<string, Record<string, unknown>>;
  let best: { template: string; params: number } | undefined;
  for (const template of Object.keys(paths)) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    const params = parts.filter((p) => /^\{[^}]+\}$/.test(p)).length;
    const matches = parts.every((p, i) => (/^\{[^}]+\}$/.test(p) ? segments[i] !== '' : p === segments[i]));
    if (matches && (!best || params < best.params)) best = { template, params };
  }
  if (!best) return { template: segments.join('/'), operationId: undefined };
  const op = paths[best.template]![method.toLowerCase()];
  const id = isObject(op) && typeof op.operationId === 'string' ? op.operationId : undefined;
  return { template: best.template, operationId: id };
}

/** What the contract says at one step below `schema` (a property, or `[]` for a list's items), through refs and unions. */
function contractAt(doc: Document, schema: unknown, key: string): unknown {
  if (schema === undefined) return undefined;
  const resolved = resolve(doc, schema).schema;
  const variants = (resolved.anyOf ?? resolved.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants)) {
    for (const variant of variants) {
      const found = contractAt(doc, variant, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (key === '[]') return resolved.items;
  if (isObject(resolved.properties) && Object.hasOwn(resolved.properties, key)) return resolved.properties[key];
  return isObject(resolved.additionalProperties) ? resolved.additionalProperties : undefined;
}

/** Whether the contract's schema is an enum, and whether it also takes any other string (an open enum). */
function enumKind(doc: Document, schema: unknown): 'open' | 'closed' | undefined {
  if (schema === undefined) return undefined;
  const resolved = resolve(doc, schema).schema;
  if (Array.isArray(resolved.enum)) return 'closed';
  const variants = (resolved.anyOf ?? resolved.oneOf) as unknown[] | undefined;
  if (!Array.isArray(variants)) return undefined;
  const rest = variants.map((v) => resolve(doc, v).schema).filter((v) => v.type !== 'null');
  const hasEnum = rest.some((v) => Array.isArray(v.enum));
  if (hasEnum && rest.some((v) => v.type === 'string' && v.enum === undefined && Object.keys(v).length === 1)) return 'open';
  return hasEnum && rest.length === 1 ? 'closed' : undefined;
}

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The schema of what `samples` hold, at `path` (named as the gate names fields), beside the contract's `hint` for the
 * same place; every place the contract describes is added to `described`.
 */
function infer(doc: Document, samples: readonly unknown[], hint: unknown, path: string, described: Set<string>): Schema {
  if (hint !== undefined) described.add(path);
  const types = [...new Set(samples.map(jsonType))].sort();
  const schema: Schema = { type: types.length === 1 ? types[0] : types };
  const objects = samples.filter(isObject);
  if (objects.length > 0) {
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))];
    schema.properties = Object.fromEntries(
      keys.map((key) => [
        key,
        infer(
          doc,
          objects.filter((o) => Object.hasOwn(o, key)).map((o) => o[key]),
          contractAt(doc, hint, key),
          join(path, key),
          described,
        ),
      ]),
    );
    schema.required = keys.filter((key) => objects.every((o) => Object.hasOwn(o, key)));
  }
  const items = samples.filter(Array.isArray).flat();
  if (items.length > 0) schema.items = infer(doc, items, contractAt(doc, hint, '[]'), `${path}[]`, described);
  const kind = enumKind(doc, hint);
  if (kind && types.every((t) => t === 'string' || t === 'null')) {
    const seen = [...new Set(samples.filter((s): s is string => typeof s === 'string'))].sort();
    const values: Schema = { type: 'string', enum: seen };
    const nulls = types.includes('null') ? [{ type: 'null' }] : [];
    return kind === 'open' ? { anyOf: [values, { type: 'string' }, ...nulls] } : { anyOf: [values, ...nulls] };
  }
  return schema;
}

/** The status an answer counts as: the body's `error.code` when it has one (as `_http_error_codes` answers it), else the HTTP status. */
export function effectiveStatus(answer: ObservedAnswer): number {
  const error = isObject(answer.body) ? answer.body.error : undefined;
  return isObject(error) && typeof error.code === 'number' ? error.code : answer.status;
}

const isErrorBody = (body: unknown) => isObject(body) && isObject(body.error);

/** Answers as the gate reads a release: one operation per route reached, one response per status answered. */
export function answersSnapshot(contract: Snapshot, answers: readonly ObservedAnswer[]): AnswerSnapshot {
  const doc = contract.openapi;
  const described = new Set<string>();
  const contractPaths = (doc.paths ?? {}) as Record<string, Record<string, Schema>>;
  const byRoute = new Map<string, { method: string; template: string; operationId: string | undefined; byStatus: Map<string, unknown[]> }>();
  for (const answer of answers) {
    const { template, operationId } = routeOf(doc, answer.method, answer.path);
    const key = `${answer.method} ${template}`;
    const route = byRoute.get(key) ?? { method: answer.method, template, operationId, byStatus: new Map<string, unknown[]>() };
    byRoute.set(key, route);
    const status = String(effectiveStatus(answer));
    route.byStatus.set(status, [...(route.byStatus.get(status) ?? []), answer.body]);
  }

  // Keyed by paths and error types the server answered: null-prototype, so no name reaches Object's own.
  const paths = Object.create(null) as Record<string, Record<string, Schema>>;
  for (const route of byRoute.values()) {
    const id = route.operationId ?? NOT_IN_CONTRACT;
    const where = `${route.method} ${route.template} (${id})`;
    const contractOp = route.operationId ? contractPaths[route.template]?.[route.method.toLowerCase()] : undefined;
    const contractOk = contractOp ? (contractOp.responses as Record<string, unknown> | undefined)?.['200'] : undefined;
    const hint = contractOk ? successSchema(doc, contractOk).schema : undefined;
    const responses: Record<string, Schema> = {};
    for (const [status, bodies] of route.byStatus) {
      const texts = bodies.filter((b) => typeof b === 'string');
      const json = bodies.filter((b) => typeof b !== 'string');
      const content: Record<string, Schema> = {};
      if (texts.length > 0) content['text/plain'] = { schema: { type: 'string' } };
      if (json.length > 0) {
        const errors = json.every(isErrorBody);
        const routePlaces = new Set<string>();
        const schema = errors ? { $ref: ENVELOPE } : infer(doc, json, hint, '', routePlaces);
        for (const field of routePlaces) described.add(place(where, field ? `response ${field}` : 'response'));
        content['application/json'] = { schema };
      }
      responses[status] = { description: `answered ${status}`, content };
    }
    if (contractOp) described.add(place(where, 'response')).add(place(where, ''));
    paths[route.template] = { ...paths[route.template], [route.method.toLowerCase()]: { operationId: id, responses } };
  }

  const errorBodies = answers.map((a) => a.body).filter(isErrorBody);
  const envelopePlaces = new Set<string>();
  const envelope = errorBodies.length > 0 ? infer(doc, errorBodies, { $ref: ENVELOPE }, '', envelopePlaces) : { type: 'object' };
  for (const field of envelopePlaces) described.add(place(ENVELOPE_WHERE, field || 'error envelope'));

  const knownTypes = new Set(Object.values(contract.facts.errorCatalogue).map((e) => e.type));
  const errorCatalogue = Object.create(null) as ContractFacts['errorCatalogue'];
  for (const body of errorBodies) {
    const error = (body as { error: Record<string, unknown> }).error;
    const type = typeof error.type === 'string' ? error.type : '(no type)';
    if (typeof error.code === 'number' && !Object.hasOwn(errorCatalogue, type)) errorCatalogue[type] = { code: error.code, type };
    if (knownTypes.has(type)) described.add(place(CATALOGUE_WHERE, type));
  }

  return {
    snapshot: {
      openapi: { openapi: doc.openapi, paths, components: { schemas: { ErrorEnvelope: envelope } } },
      facts: { errorCatalogue, mcpTools: contract.facts.mcpTools, mageVersions: [] },
    },
    described,
  };
}

/** A difference between two sets of answers, as the gate words it, and whether the contract carries its place. */
export interface AnswerChange {
  change: Change;
  /** False for a route, field or error kind the contract does not carry: no user of the kit meets it, so it breaks none. */
  inContract: boolean;
}

/** Every difference between two sets of answers, by the gate's rules; breaking only where the contract carries it. */
export function diffAnswers(base: AnswerSnapshot, current: AnswerSnapshot): AnswerChange[] {
  return diffSnapshots(base.snapshot, current.snapshot).map((change) => {
    const key = place(change.where, change.field ?? '');
    const inContract = base.described.has(key) || current.described.has(key);
    return { change: inContract ? change : { ...change, breaks: [] }, inContract };
  });
}
