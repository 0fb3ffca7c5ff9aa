import { contract, walkContract } from '@pipeline-api/contract';
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
 * One MSW handler per contract route, found by walking the contract (no route list by hand). MSW matches the
 * route, with the contract's own path pattern (case-sensitive, params as named groups), and the mock calls the
 * core with that route: one match per request. The params are read from the pattern's own groups, not from
 * MSW (msw 3 hands no named groups of a RegExp path over). HEAD is answered as GET, as Express does. Then a
 * catch-all under /api answers what no route took (404, or 405), as the server does.
 */
export function createHandlers(mock: Pick<InProcessMock, 'handle'>, baseUrl?: string): HttpHandler[] {
  const origin = baseUrl ? escape(baseUrl.replace(/\/+$/, '')) : '[^:/?#]+://[^/?#]+';
  const routes = walkContract(contract).flatMap(({ id, method, pattern }) => {
    const url = new RegExp(`^${origin}${pattern}$`);
    const resolve = ({ request, cookies }: { request: Request; cookies: Record<string, string> }) =>
      mock.handle(request, { id, params: paramsOf(url, request.url) }, cookies);
    const handlerFor = METHODS.get(method);
    if (!handlerFor) throw new Error(`${id}: no MSW handler for method ${method}`);
    const handler = handlerFor(url, resolve);
    return method === 'GET' ? [handler, http.head(url, resolve)] : [handler];
  });
  // MSW decodes path params itself and throws on malformed percent-encoding (a 500 with a stack trace):
  // such requests are answered first, with the envelope. The pattern captures nothing to decode.
  // Everything under /api, in any case, as the server answers every path (its routes only in their own case).
  const api = new RegExp(`^${origin}/api(?:/|$)`, 'i');
  const malformed = http.all(api, ({ request, cookies }) =>
    hasMalformedEncoding(new URL(request.url).pathname) ? mock.handle(request, 'malformed', cookies) : undefined,
  );
  const unmatched = http.all(api, ({ request, cookies }) => mock.handle(request, 'unmatched', cookies));
  return [malformed, ...routes, unmatched];
}

/** The route's path params, decoded, from the URL MSW matched (without its query and fragment, as MSW matches it). */
function paramsOf(pattern: RegExp, url: string): Record<string, string> {
  const groups = pattern.exec(url.replace(/[?#].*$/, ''))?.groups ?? {};
  const params: Record<string, string> = {};
  // Malformed percent-encoding never gets here: the first handler answers it.
  for (const [name, raw] of Object.entries(groups)) params[name] = decodeURIComponent(raw);
  return params;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function hasMalformedEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
