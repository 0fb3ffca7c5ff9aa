/**
 * Which browsers' requests the server accepts: plain functions of the request's Host, Origin, method and
 * Content-Type and the two settings, so they are tested without Express (the adapter applies them).
 *
 * As Vite's dev server after GHSA-vg6x-rcgg-rjx6: credentialed cross-origin calls only from loopback origins
 * and listed ones; a Host header that is not a loopback name, an IP address or a listed name is refused
 * (DNS rebinding: a page's own name resolving to 127.0.0.1); and a write a browser sends cross-site without a
 * preflight (a "simple" content type from a foreign origin) is refused before its body is read.
 */

export interface OriginSettings {
  /** Origins allowed besides loopback ones (CORS_ORIGINS); `*` allows any. */
  corsOrigins: readonly string[];
  /** Host names allowed besides loopback names and IP addresses (ALLOWED_HOSTS); `.example.com` a domain and its subdomains; `*` any. */
  allowedHosts: readonly string[];
}

export interface BrowserRequest {
  method: string;
  /** The Host header. */
  host: string | undefined;
  /** The Origin header (`null` is sent by sandboxed frames, file: pages and some redirects: foreign). */
  origin: string | undefined;
  contentType: string | undefined;
}

export interface OriginDecision {
  /** Set when the request must be refused: the message to answer with. */
  refusal?: string;
  /** The origin to echo in Access-Control-Allow-Origin (with credentials), when the origin is allowed. */
  corsOrigin?: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Content types a page may send cross-site without a preflight (the Fetch standard's CORS-safelisted ones). */
const SIMPLE_CONTENT_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

/** The host name of a Host header value (`127.0.0.1:6789`, `[::1]:80`, `Example.com`), normalised; undefined when malformed. */
export function hostnameOf(host: string): string | undefined {
  try {
    const url = new URL(`http://${host}`);
    // A Host header is a host and an optional port, nothing more.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    return url.hostname;
  } catch {
    return undefined;
  }
}

/** localhost (and `localhost.`), 127.0.0.0/8, [::1] and [::ffff:127.x.y.z]: names that always mean this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name === '[::1]') return true;
  if (/^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name)) return true;
  return isIPv4(name) && name.startsWith('127.');
}

const isIPv4 = (name: string) => /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(name);
/** WHATWG URL parsing has already normalised the host name: an IP literal is dotted decimal or bracketed. */
const isIpLiteral = (hostname: string) => isIPv4(hostname) || hostname.startsWith('[');

/**
 * Whether the server answers to this Host: loopback names, IP addresses (a rebinding page reaches the server
 * through a domain name, never through an address), and ALLOWED_HOSTS. No Host header (HTTP/1.0): allowed,
 * browsers always send one.
 */
export function isAllowedHost(host: string | undefined, settings: Pick<OriginSettings, 'allowedHosts'>): boolean {
  if (host === undefined || host === '') return true;
  const hostname = hostnameOf(host);
  if (hostname === undefined) return false;
  if (isLoopbackHostname(hostname) || isIpLiteral(hostname)) return true;
  const name = hostname.replace(/\.$/, '');
  return settings.allowedHosts.some((allowed) => {
    const entry = allowed.toLowerCase();
    if (entry === '*') return true;
    if (entry.startsWith('.')) return name === entry.slice(1) || name.endsWith(entry);
    return name === entry.replace(/\.$/, '');
  });
}

/** `scheme://host[:port]` as browsers serialise it, or undefined for `null` and anything that is not an http(s) origin. */
export function normalizeOrigin(origin: string): string | undefined {
  if (origin === 'null') return undefined;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a page on `origin` may call with credentials and read the answers: loopback origins (a developer's
 * own apps), CORS_ORIGINS, and the server's own origin (its Host; pages it serves).
 */
export function isAllowedOrigin(origin: string, host: string | undefined, settings: Pick<OriginSettings, 'corsOrigins'>): boolean {
  if (settings.corsOrigins.includes('*')) return true;
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return false;
  const url = new URL(normalized);
  if (isLoopbackHostname(url.hostname)) return true;
  // The server's own origin: the Host it was reached by (over https too, behind a proxy that keeps the Host).
  if (host !== undefined && url.host === new URL(`${url.protocol}//${host}`).host) return true;
  return settings.corsOrigins.some((allowed) => normalizeOrigin(allowed) === normalized);
}

/** The media type alone (`text/plain;charset=UTF-8` -> `text/plain`); none sent counts as simple. */
export function isSimpleContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  return essence === '' || SIMPLE_CONTENT_TYPES.has(essence);
}

/**
 * isAllowedHost for one server's settings, remembering its answers: a server sees the same few Host values on
 * every request, and parsing one as a URL was a measurable part of a request. At most 256 are kept.
 */
export function allowedHostCheck(settings: Pick<OriginSettings, 'allowedHosts'>): (host: string | undefined) => boolean {
  const known = new Map<string, boolean>();
  return (host) => {
    if (host === undefined) return isAllowedHost(host, settings);
    let allowed = known.get(host);
    if (allowed === undefined) {
      allowed = isAllowedHost(host, settings);
      if (known.size >= 256) known.clear();
      known.set(host, allowed);
    }
    return allowed;
  };
}

/** What the transport does with a request before reading it: refuse it, or answer with CORS headers for its origin. */
export function decideOrigin(
  request: BrowserRequest,
  settings: OriginSettings,
  hostAllowed: (host: string | undefined) => boolean = (host) => isAllowedHost(host, settings),
): OriginDecision {
  if (!hostAllowed(request.host)) {
    return {
      refusal: `The Host ${JSON.stringify(request.host)} is not allowed: this server answers to loopback names, IP addresses and the names in ALLOWED_HOSTS (a defence against DNS rebinding).`,
    };
  }
  if (request.origin === undefined) return {};
  let allowed: boolean;
  try {
    allowed = isAllowedOrigin(request.origin, request.host, settings);
  } catch {
    allowed = false; // a Host that parses as a host name but not as a URL's host: not the same origin
  }
  if (allowed) return { corsOrigin: request.origin };
  if (!SAFE_METHODS.has(request.method) && isSimpleContentType(request.contentType)) {
    return {
      refusal: `Cross-origin write refused: a page on ${request.origin} may send this request without a CORS preflight. Allowed origins are loopback ones and those in CORS_ORIGINS; other callers send Content-Type: application/json.`,
    };
  }
  return {};
}
