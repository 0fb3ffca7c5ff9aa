import { lazyModule } from '../lazy-module.js';
import { header, isPlainObject, type CoreRequest } from '../request.js';

/**
 * cookie, imported on the first request with a Cookie header and no token in a header: calls that send their token
 * in a header (the SDK's) or carry no cookie never load it, and a browser page does not download it until then.
 */
const cookieLibrary = lazyModule(() => import('cookie'));

/** Where an API key was found, first hit wins: header, body, query. */
export function findApiKey(request: CoreRequest): string | undefined {
  const fromHeader = header(request, 'x-api-key');
  if (fromHeader !== undefined) return fromHeader;
  if (isPlainObject(request.body) && typeof request.body.api_key === 'string') return request.body.api_key;
  const fromQuery = request.query.api_key;
  if (typeof fromQuery === 'string') return fromQuery;
  if (Array.isArray(fromQuery) && typeof fromQuery[0] === 'string') return fromQuery[0];
  return undefined;
}

export type TokenCredential = { kind: 'decoded'; value: string } | { kind: 'raw'; value: string };

/**
 * OAUTH-TOKEN (decoded), then Authorization: Bearer (decoded), then cookie oauth_token (raw JWT); on a route that
 * allows it (a download link), then the `token` query param (decoded), as Mage's download handler reads it.
 */
export function findToken(request: CoreRequest, queryToken = false): TokenCredential | undefined | Promise<TokenCredential | undefined> {
  const oauthHeader = header(request, 'oauth-token');
  if (oauthHeader !== undefined) return { kind: 'decoded', value: oauthHeader.trim() };
  const authorization = header(request, 'authorization');
  if (authorization !== undefined) {
    for (const part of authorization.split(',')) {
      const match = /^\s*bearer\s+(\S+)\s*$/i.exec(part);
      if (match?.[1]) return { kind: 'decoded', value: match[1] };
    }
  }
  const cookieHeader = header(request, 'cookie');
  if (cookieHeader !== undefined) {
    // Waits only while cookie is not loaded yet: a request with its token in a header never waits here.
    const library = cookieLibrary.loaded;
    if (!library) return cookieLibrary.load().then(() => findToken(request, queryToken));
    const raw = library.parse(cookieHeader).oauth_token;
    if (raw) return { kind: 'raw', value: raw };
  }
  const fromQuery = queryToken ? request.query.token : undefined;
  if (typeof fromQuery === 'string' && fromQuery !== '') return { kind: 'decoded', value: fromQuery };
  return undefined;
}
