import { contract, walkContract } from '@pipeline-api/contract';
import { http, type HttpHandler } from 'msw';
import type { MockApi } from './mock-api.js';

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete, PATCH: http.patch } as const;

/**
 * One MSW handler per contract route, found by walking the contract (no route list by hand), then a
 * catch-all under /api that answers unknown routes and methods with the envelope, as the server does.
 */
export function createHandlers(mock: Pick<MockApi, 'handle'>, baseUrl?: string): HttpHandler[] {
  const prefix = baseUrl ? baseUrl.replace(/\/+$/, '') : '*';
  const routes = walkContract(contract).map(({ id, route }) =>
    METHODS[route.method as keyof typeof METHODS](`${prefix}${route.path}`, ({ request, cookies }) =>
      mock.handle(request, id, cookies),
    ),
  );
  // MSW decodes path params itself and throws on malformed percent-encoding (a 500 with a stack trace):
  // such requests are answered first, by the core, with the envelope. The pattern captures nothing to decode.
  const malformed = http.all(apiPathPattern(baseUrl), ({ request, cookies }) =>
    hasMalformedEncoding(new URL(request.url).pathname) ? mock.handle(request, undefined, cookies) : undefined,
  );
  return [malformed, ...routes, http.all(`${prefix}/api/*`, ({ request, cookies }) => mock.handle(request, undefined, cookies))];
}

function apiPathPattern(baseUrl: string | undefined): RegExp {
  if (!baseUrl) return /^[^:/?#]+:\/\/[^/?#]+\/api(?:\/|$)/;
  const escaped = baseUrl.replace(/\/+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}\\/api(?:\\/|$)`);
}

function hasMalformedEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
