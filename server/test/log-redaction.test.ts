import fc from 'fast-check';
import { parse as parseCookie } from 'cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedPath } from '../http/log-redaction.js';
import { withoutTriggerTokens } from '../http/trigger-tokens.js';
import { API_KEY, TestServer, decodeJwtToken } from './harness.js';

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

/** The trigger route's token blanked by the route's regular expression alone, on any text (no test before it). */
const plainWithoutTriggerTokens = (text: string) => text.replace(/(\/api\/pipeline_schedules\/[^/\s?#]*\/pipeline_runs\/)[^/\s?#]+()/gi, '$1[redacted]$2');

const triggerPieces = fc.constantFrom(
  '/',
  'api',
  'API',
  'pipeline_schedules',
  'pipeline_runs',
  'Pipeline_Runs',
  '7',
  'tok3n',
  '?',
  '#',
  ' ',
  'GET ',
  ' 200 ok',
);

describe('API trigger tokens in the request log', () => {
  it('are blanked exactly as the route pattern alone blanks them, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(triggerPieces, { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        expect(withoutTriggerTokens(text)).toBe(plainWithoutTriggerTokens(text));
      }),
      { numRuns: 3000 },
    );
    expect(withoutTriggerTokens('POST /API/Pipeline_Schedules/3/PIPELINE_RUNS/secret 200')).toBe('POST /API/Pipeline_Schedules/3/PIPELINE_RUNS/[redacted] 200');
  });
});

describe('the request log of a running server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start();
  });
  afterAll(() => server.close());

  it('keeps API keys and tokens out of the request log, wherever they are sent', async () => {
    server.lines.length = 0;
    const { raw, decoded } = await server.login();
    const sent = [
      `/api/pipelines;api_key=${API_KEY}`,
      `/api/pipelines;api_key=${encodeURIComponent(API_KEY)};x=1/blocks`,
      `/api/pipelines/${API_KEY}`,
      `/api/pipelines/${decoded}`,
      `/api/pipelines/${raw}`,
      `/api/users/1?api_key=${API_KEY}&token=${decoded}`,
    ];
    for (const path of sent) await fetch(new URL(path, server.url), { headers: { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': decoded } });
    // A token only the path carries, in a shape no header names.
    await fetch(new URL('/api/pipelines/Zx9Q2mK7pL4vN8rT1yW6bC3dF5gH0jS2aE', server.url), { headers: { 'X-API-KEY': API_KEY } });
    expect(server.lines).toHaveLength(sent.length + 2);
    const log = server.lines.join('\n');
    for (const secret of [API_KEY, encodeURIComponent(API_KEY), decoded, raw, 'Zx9Q2mK7pL4vN8rT1yW6bC3dF5gH0jS2aE']) expect(log).not.toContain(secret);
    expect(log).toContain('GET /api/pipelines;[redacted] ');
    expect(log).toContain('GET /api/pipelines/[redacted] ');
    expect(decodeJwtToken(raw)).toBe(decoded);
  });
});
