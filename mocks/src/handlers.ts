import { contract } from '@pipeline-api/contract';
import { hasMalformedEncoding, RouteTable } from '@pipeline-api/core';
import { http, type HttpHandler } from 'msw';
import type { InProcessMock } from './in-process.js';

const METHODS = new Map([
  ['GET', http.get],
  ['POST', http.post],
  ['PUT', http.put],
  ['DELETE', http.delete],
  ['PATCH', http.patch],
] as const);

/**
 * One MSW handler per contract route, generated from the core's route table (the one route matcher: the same
 * patterns, case-sensitive, params as groups), and the mock calls the core with the route MSW matched: one match per
 * request. The params are read with the table's own pattern, not from MSW (msw 3 hands no groups of a RegExp path
 * over). HEAD is answered as GET, as Express does. Then a catch-all under /api answers what no route took (404, or
 * 405), as the server does.
 */
export function createHandlers(mock: Pick<InProcessMock, 'handle'>, baseUrl?: string): HttpHandler[] {
  const routes = new RouteTable(contract).routes.flatMap((route) => {
    const url = RouteTable.urlPattern(route, baseUrl);
    const resolve = ({ request, cookies }: { request: Request; cookies: Record<string, string> }) =>
      // MSW matches the URL without its query and fragment; so does the table.
      mock.handle(request, { id: route.id, params: RouteTable.paramsIn(route, url, request.url.replace(/[?#].*$/, '')) }, cookies);
    const handlerFor = METHODS.get(route.method);
    if (!handlerFor) throw new Error(`${route.id}: no MSW handler for method ${route.method}`);
    const handler = handlerFor(url, resolve);
    return route.method === 'GET' ? [handler, http.head(url, resolve)] : [handler];
  });
  // MSW decodes path params itself and throws on malformed percent-encoding (a 500 with a stack trace): such
  // requests are answered first, with the envelope, by the core's table. Everything under /api, in any case, as the
  // server answers every path (its routes only in their own case).
  const api = RouteTable.apiPattern(baseUrl);
  const malformed = http.all(api, ({ request, cookies }) =>
    hasMalformedEncoding(new URL(request.url).pathname) ? mock.handle(request, 'unmatched', cookies) : undefined,
  );
  const unmatched = http.all(api, ({ request, cookies }) => mock.handle(request, 'unmatched', cookies));
  return [malformed, ...routes, unmatched];
}
