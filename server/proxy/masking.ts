import { parse as parseCookie } from 'cookie';
import { looksSecret } from '../http/log-redaction.js';
import { KnownSecrets } from './known-secrets.js';

/** What every credential becomes in a recording. */
export const MASK = '[masked]';

/** Headers that carry credentials, as a whole. */
const SECRET_HEADERS = new Set(['x-api-key', 'oauth-token', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** Body and query keys whose values are credentials, wherever they sit. */
const SECRET_KEYS = new Set(['api_key', 'password', 'password_confirmation', 'password_current', 'token', 'pipeline_schedule_token', 'jwt_secret']);
/** Keys whose value is a credential only inside a given object: a secret's `value` (`{"secret": {"name", "value"}}`). */
const SECRET_MEMBERS = new Map([['secret', 'value']]);
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g;
/** How many credentials a recorder remembers, to blank them wherever they show up again. */
export const MAX_KNOWN_SECRETS = 1000;

/**
 * Masks credentials in recorded traffic. It remembers every credential it has seen (headers, query, bodies,
 * the tokens a login answers, decoded ones included), so a credential is blanked wherever it shows up later:
 * a path segment, a text body. JWTs keep their shape (claims readable, string claims blanked, no signature)
 * so a replayed login still gives a client a token it can decode.
 */
export class Masker {
  private readonly known = new KnownSecrets(MAX_KNOWN_SECRETS);

  /** Remembers the credentials a request carries (call before masking anything of its exchange). */
  learnRequest(headers: Record<string, string | undefined>, query: URLSearchParams, body: unknown): void {
    for (const name of ['x-api-key', 'oauth-token']) this.remember(headers[name]);
    for (const match of (headers.authorization ?? '').matchAll(/(?:bearer|basic)\s+(\S+)/gi)) this.remember(match[1]);
    if (headers.cookie) {
      try {
        for (const value of Object.values(parseCookie(headers.cookie))) this.remember(value);
      } catch {
        // a malformed cookie header is masked as a whole
      }
    }
    for (const [key, value] of query) if (SECRET_KEYS.has(key)) this.remember(value);
    this.learnJson(body);
  }

  /** Remembers the credentials an answer hands out (a login's token, a trigger's token) and the decoded tokens in JWTs. */
  learnJson(value: unknown, depth = 0): void {
    if (depth > 64) return;
    if (typeof value === 'string') {
      for (const jwt of value.match(JWT) ?? []) this.rememberJwt(jwt);
      return;
    }
    if (Array.isArray(value)) for (const item of value) this.learnJson(item, depth + 1);
    else if (isObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (SECRET_KEYS.has(key) && (typeof item === 'string' || typeof item === 'number')) this.remember(String(item));
        const member = SECRET_MEMBERS.get(key);
        if (member !== undefined && isObject(item) && typeof item[member] === 'string') this.remember(item[member]);
        this.learnJson(item, depth + 1);
      }
    }
  }

  headers(pairs: readonly [string, string][]): [string, string][] {
    return pairs.map(([name, value]) => [name, SECRET_HEADERS.has(name.toLowerCase()) ? MASK : this.text(value)]);
  }

  /** Remembers the credentials of a form body (`password=...&api_key=...`), as of a query. */
  learnForm(form: URLSearchParams): void {
    for (const [key, value] of form) if (SECRET_KEYS.has(key)) this.remember(value);
  }

  query(search: URLSearchParams): [string, string][] {
    return [...search].map(([key, value]) => [key, SECRET_KEYS.has(key) ? MASK : this.text(value)]);
  }

  /** A path with every known credential and every segment shaped like a token blanked. */
  path(path: string): string {
    return path
      .split('/')
      .map((segment) => (looksSecret(segment) ? MASK : this.text(segment)))
      .join('/');
  }

  json(value: unknown, depth = 0): unknown {
    if (depth > 64) return MASK;
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.json(item, depth + 1));
    if (!isObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // A credential sent as a number, a list or an object is still a credential: only null (no value) stays.
      const member = SECRET_MEMBERS.get(key);
      if (SECRET_KEYS.has(key) && item !== null) out[key] = typeof item === 'string' && JWT_WHOLE.test(item) ? maskJwt(item) : MASK;
      else if (member !== undefined && isObject(item) && Object.hasOwn(item, member) && item[member] !== null) {
        out[key] = { ...(this.json(item, depth + 1) as Record<string, unknown>), [member]: MASK };
      } else out[key] = this.json(item, depth + 1);
    }
    return out;
  }

  /** Text with every JWT reshaped and every known credential blanked (raw and percent-encoded). */
  text(text: string): string {
    return this.known.blank(text.includes('eyJ') ? text.replace(JWT, maskJwt) : text, MASK);
  }

  private remember(value: string | undefined) {
    const secret = value?.trim();
    if (secret && secret !== MASK) this.known.add(secret);
  }

  private rememberJwt(jwt: string) {
    this.remember(jwt);
    for (const claim of Object.values(jwtClaims(jwt) ?? {})) if (typeof claim === 'string') this.remember(claim);
  }
}

const JWT_WHOLE = /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/;

/** `header.claims.masked`: the header as it was, each string claim replaced by as many `x`, no signature. */
export function maskJwt(jwt: string): string {
  const [header] = jwt.split('.');
  const claims = jwtClaims(jwt);
  if (!claims) return MASK;
  const masked = Object.fromEntries(Object.entries(claims).map(([key, value]) => [key, typeof value === 'string' ? 'x'.repeat(value.length) : value]));
  return `${header}.${Buffer.from(JSON.stringify(masked)).toString('base64url')}.masked`;
}

function jwtClaims(jwt: string): Record<string, unknown> | undefined {
  try {
    const claims: unknown = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return isObject(claims) ? claims : undefined;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
