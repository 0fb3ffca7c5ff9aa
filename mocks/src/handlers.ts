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
  return [...routes, http.all(`${prefix}/api/*`, ({ request, cookies }) => mock.handle(request, undefined, cookies))];
}
