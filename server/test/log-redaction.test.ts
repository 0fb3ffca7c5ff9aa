import fc from 'fast-check';
import { parse as parseCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { redactedPath } from '../http/log-redaction.js';

/** The first, plain implementation (every step on every request): the fast paths must answer the same. */
function plainRedactedPath(url: string, headers: Record<string, string | undefined>, secrets: readonly string[]): string {
  let path = url.split('?')[0]!.split('#')[0]!;
  path = path.replace(/;[^/]*/g, ';[redacted]');
  const sent = [
    headers['x-api-key']?.trim(),
    headers['oauth-token']?.trim(),
    ...[...(headers.authorization ?? '').matchAll(/bearer\s+(\S+)/gi)].map((m) => m[1]),
  ];
  const cookie = headers.cookie ? parseCookie(headers.cookie).oauth_token : undefined;
  for (const secret of [...secrets, ...sent, cookie]) {
    if (!secret || secret.length < 8) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) path = path.split(form).join('[redacted]');
  }
  const looksSecret = (segment: string) => {
    let text = segment;
    try {
      text = decodeURIComponent(segment);
    } catch {
      // judged as sent
    }
    if (/^eyJ[\w-]*\.[\w-]*\.[\w-]*$/.test(text)) return true;
    if (/^[0-9a-f]{32}$/i.test(text)) return true;
    return text.length >= 32 && /^[\w-]+$/.test(text) && /[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text);
  };
  return path
    .split('/')
    .map((segment) => (looksSecret(segment) ? '[redacted]' : segment))
    .join('/');
}

const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const TOKEN = 'a b/c+d=e?f&g%h_token_0123456789';
const pieces = fc.constantFrom(
  '/',
  'api',
  'pipelines',
  'blocks',
  ';',
  ';api_key=x',
  '?',
  '#',
  '&',
  '%',
  '%2F',
  '%41',
  '%zz',
  'eyJ',
  'eyJhbGciOi.eyJzdWIiOi.c2ln',
  KEY,
  encodeURIComponent(KEY),
  TOKEN,
  encodeURIComponent(TOKEN),
  'Zx9Q2mK7pL4vN8rT1yW6bC3dF5gH0jS2aE',
  '0123456789abcdef0123456789ABCDEF',
  'a'.repeat(31),
  'b'.repeat(33),
  'short',
  'é',
  '%C3%A9',
  '%65yJhbGci.eyJ.c2ln',
);

describe('the request log path', () => {
  it('redacts exactly as the plain implementation does, whatever the path and credentials', () => {
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 12 }),
        fc.record(
          {
            'x-api-key': fc.constantFrom(undefined, KEY, ' short '),
            'oauth-token': fc.constantFrom(undefined, TOKEN),
            authorization: fc.constantFrom(undefined, `Bearer ${TOKEN}`),
            cookie: fc.constantFrom(undefined, `oauth_token=${encodeURIComponent(TOKEN)}`),
          },
          { requiredKeys: [] },
        ),
        (parts, headers) => {
          const url = `/${parts.join('')}`;
          expect(redactedPath(url, headers, [KEY])).toBe(plainRedactedPath(url, headers, [KEY]));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
