import { parse as parseCookie } from 'cookie';
import { withoutTriggerTokens } from './trigger-tokens.js';

const REDACTED = '[redacted]';

/**
 * The path of a request as the log line shows it, with no secret in it: the query is left out (it may hold
 * an api_key), matrix params (`;api_key=...`) are blanked, and so is every credential the request carries
 * (API key, token, cookie token) wherever it appears, an API trigger's token by its place in the route, plus anything shaped like a key, a token or a JWT
 * (a 32+ character segment mixing upper case, lower case and digits; `eyJ...` dotted).
 */
export function redactedPath(url: string, headers: Record<string, string | string[] | undefined>, secrets: readonly string[] = []): string {
  let path = cut(cut(url, '?'), '#');
  if (path.includes(';')) path = path.replace(/;[^/]*/g, `;${REDACTED}`);
  for (const secret of secrets) path = withoutSecret(path, secret);
  for (const secret of credentialsIn(headers)) path = withoutSecret(path, secret);
  path = withoutTriggerTokens(path);
  if (!mayLookSecret(path)) return path;
  const segments = path.split('/');
  return segments.some(looksSecret) ? segments.map((segment) => (looksSecret(segment) ? REDACTED : segment)).join('/') : path;
}

/**
 * Whether some segment of `path` could look like a credential: looksSecret's own first test, made on the whole path
 * without splitting it (no escape, no `eyJ`, no segment of 32 characters or more: no segment looks secret).
 */
function mayLookSecret(path: string): boolean {
  if (path.includes('%') || path.includes('eyJ')) return true;
  let start = 0;
  for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', start)) {
    if (slash - start >= 32) return true;
    start = slash + 1;
  }
  return path.length - start >= 32;
}

const cut = (text: string, at: string) => {
  const index = text.indexOf(at);
  return index < 0 ? text : text.slice(0, index);
};

/** `path` with every occurrence of `secret`, as sent or percent-encoded, blanked. */
function withoutSecret(path: string, secret: string): string {
  if (secret.length < 8) return path; // too short to be a credential, and blanking it would blank ordinary text
  if (path.includes(secret)) path = path.split(secret).join(REDACTED);
  // Its percent-encoded form differs only by escapes: a path without any cannot hold it.
  if (!path.includes('%')) return path;
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret && path.includes(encoded)) path = path.split(encoded).join(REDACTED);
  return path;
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
  const authorization = one('authorization');
  if (authorization) for (const match of authorization.matchAll(/bearer\s+(\S+)/gi)) found.push(match[1]!);
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

/** A path segment shaped like a credential (a JWT, an API trigger's token, a long random mix), as sent or percent-decoded. */
export function looksSecret(segment: string): boolean {
  // Most segments are short plain names: none of the shapes below fits them (percent-escapes could hide a longer text).
  if (segment.length < 32 && !segment.startsWith('eyJ') && !segment.includes('%')) return false;
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
