import type { Request } from 'express';
import { parseHeaders, parseQuery } from '../core/raw-request.js';
import type { CoreRequest } from '../core/request.js';

/** Express request -> the core's transport-free request, with the same parsing the mocks use. */
export function toCoreRequest(req: Request): CoreRequest {
  return {
    method: req.method,
    path: req.path,
    params: req.params as Record<string, string>,
    query: parseQuery(new URL(req.originalUrl, 'http://localhost').searchParams),
    headers: parseHeaders(req.headers),
    body: req.body,
  };
}
