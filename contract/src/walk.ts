import { isAppRoute, type AppRoute, type AppRouter } from './dsl.js';
import * as z from 'zod/mini';
import { fileMetaOf, type FileMeta } from './envelope.js';
import { pathParams, pathPattern } from './paths.js';
import type { RouteMeta } from './route-meta.js';

/**
 * The one reader of the contract. Everything a consumer asks of a route (its id, path params, whether it
 * takes a body and under which key, its success envelope, item key and item schema, list or member) is
 * answered here, for the server, the mocks, the SDK generator, the OpenAPI builder and the fuzzer.
 */
export interface ContractRoute {
  /** Dotted key in the router, e.g. `pipelines.blocks.create`: stable, used as the operationId. */
  id: string;
  /** The router node holding the route, e.g. `pipelines.blocks`: a resource module implements one node. */
  node: string;
  /** The route's key in its node, e.g. `create`. */
  key: string;
  route: AppRoute;
  meta: RouteMeta;
  method: AppRoute['method'];
  path: string;
  /** `:name` segments of the path, in order. */
  params: string[];
  /**
   * The path as a regular expression source, case-sensitive, each param a named group of one raw
   * (undecoded) segment; an optional trailing `/`. Anchor it (`^...$`) or prefix it with an origin.
   */
  pattern: string;
  /** The request body schema; undefined when the route takes no body. */
  body: z.ZodMiniType | undefined;
  /** The body key holding the resource's attributes (`block` in `{block: {...}, api_key}`), if any. */
  payloadKey: string | undefined;
  /** The query schema (meta params included); undefined when the route takes none. */
  query: z.ZodMiniType | undefined;
  /** The success envelope: `{<itemKey>: item | item[], metadata, status}`. */
  success: z.ZodMiniType;
  /** Key of the success envelope holding the item(s): `block`, `blocks`. */
  itemKey: string;
  /** Schema of one item of the success envelope. */
  item: z.ZodMiniType;
  /** A list route: the success envelope holds an array and list metadata. */
  list: boolean;
  /**
   * Set on a route that answers a file (fileResponses): its success is the file's text, sent with this content type;
   * its errors are the envelope. Such a route has no item key (`itemKey` is empty, `item` the text's schema).
   */
  file: FileMeta | undefined;
}

const ENVELOPE_KEYS = new Set(['metadata', 'status']);

/** Every route of a router, depth first in declaration order. */
export function walkContract(router: AppRouter, prefix: string[] = []): ContractRoute[] {
  return Object.entries(router).flatMap(([key, node]) => (isAppRoute(node) ? [readRoute(node, prefix, key)] : walkContract(node, [...prefix, key])));
}

export { escapeRegExp, pathParams, pathPattern } from './paths.js';

function readRoute(route: AppRoute, prefix: string[], key: string): ContractRoute {
  const id = [...prefix, key].join('.');
  const meta = readMeta(route, id);
  const body = 'body' in route && route.body instanceof z.ZodMiniType ? route.body : undefined;
  const query = route.query instanceof z.ZodMiniType ? route.query : undefined;
  const ok = successSchemaOf(route);
  const file = fileMetaOf(ok);
  if (file) {
    return { ...common(route, prefix, key, id, meta, body, query), success: ok!, itemKey: '', item: ok!, list: false, file };
  }
  const success = successOf(route, id);
  const itemKey = Object.keys(success.shape).find((k) => !ENVELOPE_KEYS.has(k));
  if (!itemKey) throw new Error(`${id}: the success envelope has no item key`);
  const itemSchema: unknown = success.shape[itemKey];
  const list = itemSchema instanceof z.ZodMiniArray;
  const item: unknown = itemSchema instanceof z.ZodMiniArray ? itemSchema.def.element : itemSchema;
  if (!(item instanceof z.ZodMiniType)) throw new Error(`${id}: the success envelope's ${itemKey} is not a schema`);
  return { ...common(route, prefix, key, id, meta, body, query), success, itemKey, item, list, file: undefined };
}

function common(
  route: AppRoute,
  prefix: string[],
  key: string,
  id: string,
  meta: RouteMeta,
  body: z.ZodMiniType | undefined,
  query: z.ZodMiniType | undefined,
) {
  return {
    id,
    node: prefix.join('.'),
    key,
    route,
    meta,
    method: route.method,
    path: route.path,
    params: pathParams(route.path),
    pattern: pathPattern(route.path),
    body,
    payloadKey: body ? payloadKeyOf(body) : undefined,
    query,
  };
}

function readMeta(route: AppRoute, id: string): RouteMeta {
  const meta = route.metadata;
  if (typeof meta !== 'object' || meta === null || !('resource' in meta) || !('action' in meta) || !('tag' in meta)) {
    throw new Error(`${id}: every route carries routeMeta({resource, action, tag})`);
  }
  // Built by routeMeta(), whose type is RouteMeta: checked at the route's declaration.
  return meta as RouteMeta;
}

/** `responses[200]` is `success | ErrorEnvelope` (see `responses()` in envelope.ts): the success side. */
function successSchemaOf(route: AppRoute): z.ZodMiniType | undefined {
  const ok: unknown = (route.responses as Record<number, unknown>)[200];
  const success: unknown = ok instanceof z.ZodMiniUnion ? ok.def.options[0] : ok;
  return success instanceof z.ZodMiniType ? success : undefined;
}

function successOf(route: AppRoute, id: string): z.ZodMiniObject {
  const success = successSchemaOf(route);
  if (!(success instanceof z.ZodMiniObject)) throw new Error(`${id}: responses[200] is not an envelope object`);
  return success;
}

function payloadKeyOf(body: z.ZodMiniType): string | undefined {
  const object = body instanceof z.ZodMiniOptional ? body.def.innerType : body;
  if (!(object instanceof z.ZodMiniObject)) return undefined;
  return Object.keys(object.shape).find((k) => k !== 'api_key');
}

const formattedSuccesses = new WeakMap<ContractRoute, z.ZodMiniType>();

/**
 * The success envelope of an answer presented in a `_format` the client asked for: a format picks which of the
 * item's attributes go out (`with_basic_details`: a run's id, status and execution date), so each attribute is
 * optional; those present keep their types, and the envelope its shape.
 */
export function formattedSuccessOf(route: ContractRoute): z.ZodMiniType {
  let schema = formattedSuccesses.get(route);
  if (!schema) {
    const item = route.item instanceof z.ZodMiniObject ? z.partial(route.item) : route.item;
    const envelope = route.success instanceof z.ZodMiniObject ? route.success.shape : {};
    schema = z.object({ ...envelope, [route.itemKey]: route.list ? z.array(item) : item });
    formattedSuccesses.set(route, schema);
  }
  return schema;
}
