import type { Action } from '@pipeline-api/contract';
import { ApiError } from './errors.js';

/**
 * What every transport (the Express adapter, the MSW handlers, the in-process fetch, the proxy) does the same way at
 * its edge, written once: each translates its own request to these and its answer back.
 */

/** The actions that write the route's payload (delete writes too, but takes none). */
export const WRITE_ACTIONS: ReadonlySet<Action> = new Set(['create', 'update']);

/** The method a request is routed by: HEAD runs the GET route, and the transport drops the body on the way out. */
export const routingMethod = (method: string): string => {
  const upper = method.toUpperCase();
  return upper === 'HEAD' ? 'GET' : upper;
};

/** A path that fits a route but whose percent-encoding cannot be decoded: a bad request, not a missing route. */
export const malformedPath = (): ApiError => new ApiError('api_resource_error', 'The path has malformed percent-encoding.');

/** One raw path segment, decoded; malformed percent-encoding is the 400 above. */
export function decodeParam(raw: string): string {
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
