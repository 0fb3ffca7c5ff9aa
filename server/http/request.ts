import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { parseHeaders, parseQuery, type CoreRequest } from '@pipeline-api/core';

/** Express request -> the core's transport-free request, with the same parsing the mocks use. */
export function toCoreRequest(req: Request, method: string, params: Record<string, string>, body: unknown, trustProxy: boolean): CoreRequest {
  return {
    method,
    path: req.path,
    params,
    query: queryOf(req.url),
    // Node's names are lower case already and repeats joined; only a list (set-cookie) needs parseHeaders' copy. The
    // core reads headers by own name only (request.ts, header()), so the object's prototype never answers for one.
    headers: onlyStrings(req.headers) ? req.headers : parseHeaders(req.headers),
    body,
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

/** Whether every header is one string (Node's request headers, but set-cookie, which a request rarely sends). */
function onlyStrings(headers: IncomingHttpHeaders): headers is Record<string, string | undefined> {
  for (const name in headers) if (typeof headers[name] !== 'string' && headers[name] !== undefined) return false;
  return true;
}
