import type { Request } from 'express';
import { parseHeaders, parseQuery, type CoreRequest } from '@pipeline-api/core';

/** Express request -> the core's transport-free request, with the same parsing the mocks use. */
export function toCoreRequest(req: Request, method: string, params: Record<string, string>, trustProxy: boolean): CoreRequest {
  return {
    method,
    path: req.path,
    params,
    query: queryOf(req.originalUrl),
    headers: parseHeaders(req.headers),
    body: req.body,
    // Behind trusted proxies, the address they saw (AppOptions.trustProxy); else the socket's, without parsing
    // X-Forwarded-For on every request only to ignore it.
    client: trustProxy ? req.ip : req.socket.remoteAddress,
  };
}

/** The query string as the mocks read it (URLSearchParams), without parsing a whole URL for it. */
export function queryOf(url: string): Record<string, string | string[]> {
  const at = url.indexOf('?');
  return at < 0 ? {} : parseQuery(new URLSearchParams(url.slice(at + 1)));
}
