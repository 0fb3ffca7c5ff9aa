import type { Request } from 'express';
import { parseHeaders, parseQuery, type CoreRequest } from '@pipeline-api/core';

/** Express request -> the core's transport-free request, with the same parsing the mocks use. */
export function toCoreRequest(req: Request, method: string, params: Record<string, string>): CoreRequest {
  return {
    method,
    path: req.path,
    params,
    query: queryOf(req.originalUrl),
    headers: parseHeaders(req.headers),
    body: req.body,
    client: req.ip, // the socket's address unless the app trusts proxies (AppOptions.trustProxy)
  };
}

/** The query string as the mocks read it (URLSearchParams), without parsing a whole URL for it. */
export function queryOf(url: string): Record<string, string | string[]> {
  const at = url.indexOf('?');
  return at < 0 ? {} : parseQuery(new URLSearchParams(url.slice(at + 1)));
}
