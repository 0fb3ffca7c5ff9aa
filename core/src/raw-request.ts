import { ApiError } from './errors.js';

/*
 * The transport edge: what every transport (the Express adapter, the MSW handlers, the in-process fetch, the proxy)
 * does the same way with a raw request, written once; each translates its own request to these and its answer back.
 */

/** Bodies over this answer 413: 1 MB (docs/design-notes.md, "Limits": every request does bounded work). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const payloadTooLarge = () => new ApiError('payload_too_large', 'The request body exceeds 1 MB.');

/**
 * Deeper bodies are refused. JSON.parse reads any depth, but JSON.stringify (every response) and any
 * recursive walk overflow the stack on a value nested some thousands deep: stored, such a value would
 * break every later read of its record. Real configurations nest a handful of levels.
 */
const MAX_BODY_DEPTH = 100;

/**
 * The body as JSON whatever its Content-Type (Mage's docs send text/plain): undefined when empty,
 * 413 over the limit, api_resource_error when malformed. Every transport parses bodies with this.
 */
export function parseBody(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  // A UTF-16 code unit takes at most 3 UTF-8 bytes: only a body that could be over the limit is encoded to measure it.
  if (text.length > BODY_LIMIT_BYTES || (text.length * 3 > BODY_LIMIT_BYTES && new TextEncoder().encode(text).length > BODY_LIMIT_BYTES)) {
    throw payloadTooLarge();
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Not the engine's own message: it differs between Node, Chromium and Firefox, and the mocks run in all.
    throw new ApiError('api_resource_error', 'Malformed JSON body: the request body is not valid JSON.');
  }
  // Each level opens and closes a bracket: a text of 2 * MAX_BODY_DEPTH characters or fewer cannot nest deeper, and is
  // not walked (most bodies).
  if (text.length > 2 * MAX_BODY_DEPTH && nestsDeeperThan(value, MAX_BODY_DEPTH)) {
    throw new ApiError('api_resource_error', `The request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep.`);
  }
  return value;
}

/**
 * The checks parseBody makes, for a body that arrives as a value rather than text (fixtures): the nesting limit
 * first (a loop, safe at any depth), then the size limit on its JSON. Same errors, same messages.
 */
export function checkBodyValue(value: unknown): void {
  if (value === undefined) return;
  if (nestsDeeperThan(value, MAX_BODY_DEPTH)) {
    throw new ApiError('api_resource_error', `The request body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep.`);
  }
  const text = JSON.stringify(value);
  if (text.length > BODY_LIMIT_BYTES || (text.length * 3 > BODY_LIMIT_BYTES && new TextEncoder().encode(text).length > BODY_LIMIT_BYTES)) {
    throw payloadTooLarge();
  }
}

/** Whether arrays and objects in a parsed JSON value nest deeper than `max`; a loop, not recursion, so any depth is safe. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop();
    const depth = depths.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) return true;
    // Parsed JSON: plain objects and arrays, their enumerable keys their own; no list of the values is built.
    for (const key in current) {
      const child: unknown = Reflect.get(current, key);
      if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** Query params as Mage reads them: a repeated key gives a list, `_order_by[]` keeps its brackets. */
export function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  const query = new Map<string, string | string[]>();
  for (const [key, value] of search) {
    const seen = query.get(key);
    if (seen === undefined) query.set(key, value);
    else if (Array.isArray(seen))
      seen.push(value); // our own array: pushing keeps many repeats linear
    else query.set(key, [seen, value]);
  }
  return Object.fromEntries(query);
}

/** Lower-case header names, multi-valued headers joined. */
export function parseHeaders(headers: Iterable<[string, string]> | Record<string, string | string[] | undefined>) {
  // Header names are the client's: a null-prototype object, so a header named `__proto__` is just a header.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Object.create is typed any; this is its only type
  const out: Record<string, string | undefined> = Object.create(null);
  if (isIterable(headers)) {
    for (const [name, value] of headers) out[name.toLowerCase()] = value;
    return out;
  }
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

const isIterable = (value: object): value is Iterable<[string, string]> => Symbol.iterator in value;

/** The method a request is routed by: HEAD runs the GET route, and the transport drops the body on the way out. */
export const routingMethod = (method: string): string => {
  const upper = method.toUpperCase();
  return upper === 'HEAD' ? 'GET' : upper;
};

/** A path that fits a route but whose percent-encoding cannot be decoded: a bad request, not a missing route. */
export const malformedPath = (): ApiError => new ApiError('api_resource_error', 'The path has malformed percent-encoding.');

/** One raw path segment, decoded; malformed percent-encoding is the 400 above. */
export function decodeParam(raw: string): string {
  if (!raw.includes('%')) return raw; // nothing escaped: decoding would give it back as it is
  try {
    return decodeURIComponent(raw);
  } catch {
    throw malformedPath();
  }
}

/** Whether some part of a raw path has percent-encoding that cannot be decoded. */
export function hasMalformedEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
