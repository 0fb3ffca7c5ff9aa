import { apiPattern, pathParams, pathPattern, urlPattern } from '@pipeline-api/contract/paths';
import { http, type HttpHandler } from 'msw';
import { loadEngine } from './engine-chunk.js';
import { ROUTE_PATHS } from './generated/route-paths.js';
import type { InProcessMock } from './in-process.js';

const METHODS = new Map([
  ['GET', http.get],
  ['POST', http.post],
  ['PUT', http.put],
  ['DELETE', http.delete],
  ['PATCH', http.patch],
] as const);

/**
 * One MSW handler per contract route, made from the contract's route paths (mocks/src/generated/route-paths.ts) with
 * the patterns the core's route table uses (`@pipeline-api/contract/paths`: the one route matcher, case-sensitive,
 * params as groups), and the mock calls the core with the route MSW matched: one match per request. Neither the
 * contract's schemas nor the core are needed to make them: the first request loads them (engine-chunk.ts). The params
 * are read with the table's own pattern, not from MSW (msw 3 hands no groups of a RegExp path over). HEAD is answered
 * as GET, as Express does. Then a catch-all under /api answers what no route took (404, or 405), as the server does.
 */
export function createHandlers(mock: Pick<InProcessMock, 'handle'>, baseUrl?: string): HttpHandler[] {
  const routes = ROUTE_PATHS.flatMap(({ id, method, path }) => {
    const params = pathParams(path);
    const url = urlPattern(pathPattern(path), baseUrl);
    const resolve = async ({ request, cookies }: { request: Request; cookies: Record<string, string> }) => {
      const { RouteTable } = await loadEngine();
      // MSW matches the URL without its query and fragment; so does the table.
      return mock.handle(request, { id, params: RouteTable.paramsIn({ params }, url, request.url.replace(/[?#].*$/, '')) }, cookies);
    };
    const handlerFor = METHODS.get(method);
    if (!handlerFor) throw new Error(`${id}: no MSW handler for method ${method}`);
    const handler = handlerFor(url, resolve);
    return method === 'GET' ? [handler, http.head(url, resolve)] : [handler];
  });
  // MSW decodes path params itself and throws on malformed percent-encoding (a 500 with a stack trace): such
  // requests are answered first, with the envelope, by the core's table. Everything under /api, in any case, as the
  // server answers every path (its routes only in their own case).
  const api = apiPattern(baseUrl);
  const malformed = http.all(api, async ({ request, cookies }) =>
    (await loadEngine()).hasMalformedEncoding(new URL(request.url).pathname) ? mock.handle(request, 'unmatched', cookies) : undefined,
  );
  const unmatched = http.all(api, ({ request, cookies }) => mock.handle(request, 'unmatched', cookies));
  return [malformed, ...routes, unmatched];
}
