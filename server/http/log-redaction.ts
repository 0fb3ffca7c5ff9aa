import { parse as parseCookie } from 'cookie';

const REDACTED = '[redacted]';

/**
 * The path of a request as the log line shows it, with no secret in it: the query is left out (it may hold
 * an api_key), matrix params (`;api_key=...`) are blanked, and so is every credential the request carries
 * (API key, token, cookie token) wherever it appears, plus anything shaped like a key, a token or a JWT
 * (a 32+ character segment mixing upper case, lower case and digits; `eyJ...` dotted).
 */
export function redactedPath(url: string, headers: Record<string, string | string[] | undefined>, secrets: readonly string[] = []): string {
  let path = url.split('?')[0]!.split('#')[0]!;
  path = path.replace(/;[^/]*/g, `;${REDACTED}`);
  for (const secret of [...secrets, ...credentialsIn(headers)]) {
    if (secret.length < 8) continue; // too short to be a credential, and blanking it would blank ordinary text
    for (const form of new Set([secret, encodeURIComponent(secret)])) path = path.split(form).join(REDACTED);
  }
  return path
    .split('/')
    .map((segment) => (looksSecret(segment) ? REDACTED : segment))
    .join('/');
}

function credentialsIn(headers: Record<string, string | string[] | undefined>): string[] {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const found: string[] = [];
  const key = one('x-api-key');
  if (key) found.push(key.trim());
  const token = one('oauth-token');
  if (token) found.push(token.trim());
  for (const match of (one('authorization') ?? '').matchAll(/bearer\s+(\S+)/gi)) found.push(match[1]!);
  const cookie = one('cookie');
  if (cookie) {
    try {
      const raw = parseCookie(cookie).oauth_token;
      if (raw) found.push(raw);
    } catch {
      // a malformed cookie header holds nothing to redact
    }
  }
  return found;
}

function looksSecret(segment: string): boolean {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // malformed percent-encoding: judge it as sent
  }
  if (/^eyJ[\w-]*\.[\w-]*\.[\w-]*$/.test(text)) return true; // a JWT
  if (/^[0-9a-f]{32}$/i.test(text)) return true; // an API trigger's token (32 hex digits)
  return text.length >= 32 && /^[\w-]+$/.test(text) && /[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text);
}
