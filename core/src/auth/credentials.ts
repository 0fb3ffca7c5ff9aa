import { parse as parseCookie } from 'cookie';
import { header, isPlainObject, type CoreRequest } from '../request.js';

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

/** OAUTH-TOKEN (decoded), then Authorization: Bearer (decoded), then cookie oauth_token (raw JWT). */
export function findToken(request: CoreRequest): TokenCredential | undefined {
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
    const raw = parseCookie(cookieHeader).oauth_token;
    if (raw) return { kind: 'raw', value: raw };
  }
  return undefined;
}
