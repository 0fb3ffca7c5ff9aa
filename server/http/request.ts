import type { Request } from 'express';
import type { CoreRequest } from '../core/request.js';

/** Express request -> the core's transport-free request (raw query and body: the core validates). */
export function toCoreRequest(req: Request): CoreRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: req.method,
    path: req.path,
    params: req.params as Record<string, string>,
    query: req.query as Record<string, unknown>,
    headers,
    body: req.body,
  };
}
