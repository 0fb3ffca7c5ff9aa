import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import parseurl from 'parseurl';
import proxyaddr from 'proxy-addr';
import { parseHeaders, parseQuery, type CoreRequest } from '@pipeline-api/core';

/** The request's path, as Express reads it (`req.path`: parseurl's pathname, cached on the request). */
export const pathOf = (req: IncomingMessage): string => parseurl(req)?.pathname ?? '/';

/**
 * The client's address: the socket's, or behind `trustedProxies` reverse proxies the one the farthest of them saw in
 * X-Forwarded-For, as Express's `trust proxy` set to that number reads it (`req.ip`).
 */
export function clientAddress(req: IncomingMessage, trustedProxies: number): string | undefined {
  return trustedProxies > 0 ? proxyaddr(req, (_address, hop) => hop < trustedProxies) : req.socket.remoteAddress;
}

/** Node's request -> the core's transport-free request, with the same parsing the mocks use. */
export function toCoreRequest(
  req: IncomingMessage,
  method: string,
  path: string,
  params: Record<string, string>,
  body: unknown,
  trustedProxies: number,
): CoreRequest {
  return {
    method,
    path,
    params,
    query: queryOf(req.url ?? '/'),
    // Node's names are lower case already and repeats joined; only a list (set-cookie) needs parseHeaders' copy. The
    // core reads headers by own name only (request.ts, header()), so the object's prototype never answers for one.
    headers: onlyStrings(req.headers) ? req.headers : parseHeaders(req.headers),
    body,
    // Without trusted proxies, the socket's address, without parsing X-Forwarded-For on every request only to ignore it.
    client: clientAddress(req, trustedProxies),
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
