import { ApiError } from './errors.js';

/** Bodies over this answer 413 (DESIGN.md: 1 MB). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const payloadTooLarge = () => new ApiError('payload_too_large', 'The request body exceeds 1 MB.');

/**
 * The body as JSON whatever its Content-Type (Mage's docs send text/plain): undefined when empty,
 * 413 over the limit, api_resource_error when malformed. Every transport parses bodies with this.
 */
export function parseBody(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  if (text.length > BODY_LIMIT_BYTES || new TextEncoder().encode(text).length > BODY_LIMIT_BYTES) throw payloadTooLarge();
  try {
    return JSON.parse(text);
  } catch {
    // Not the engine's own message: it differs between Node, Chromium and Firefox, and the mocks run in all.
    throw new ApiError('api_resource_error', 'Malformed JSON body: the request body is not valid JSON.');
  }
}

/** Query params as Mage reads them: a repeated key gives a list, `_order_by[]` keeps its brackets. */
export function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of search) {
    const seen = query[key];
    query[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return { ...query };
}

/** Lower-case header names, multi-valued headers joined. */
export function parseHeaders(headers: Iterable<[string, string]> | Record<string, string | string[] | undefined>) {
  const out: Record<string, string | undefined> = {};
  if (Symbol.iterator in headers) {
    for (const [name, value] of headers as Iterable<[string, string]>) out[name.toLowerCase()] = value;
    return out;
  }
  for (const name in headers) {
    const value = headers[name];
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
