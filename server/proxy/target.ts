/** The server the proxy checks, and which requests may reach it. */

/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), and those the proxy sets itself. */
export const NOT_FORWARDED: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
  // fetch decompresses answers: the client gets them as sent to it, unencoded.
  'accept-encoding',
  'content-encoding',
]);

/** The target URL: http(s), no credentials in it (they would end up in the report). */
export function parseTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--target must be a URL such as http://127.0.0.1:6789 (got ${JSON.stringify(text)})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--target must be an http or https URL (got ${url.protocol})`);
  if (url.username || url.password) throw new Error('--target must not hold credentials: clients send theirs, and the proxy forwards them');
  if (url.search || url.hash) throw new Error('--target must not have a query or a fragment');
  return url;
}

/**
 * Whether a request target's path has a segment that URL parsers resolve away: `.` or `..`, percent-encoded or not,
 * between `/` or `\` (which http URLs read as `/`). Forwarded, it would reach another record than the client named.
 */
export function hasDotSegment(requestTarget: string): boolean {
  const query = requestTarget.search(/[?#]/);
  const path = query < 0 ? requestTarget : requestTarget.slice(0, query);
  return path.split(/[/\\]/).some((segment) => {
    const dots = segment.replace(/%2e/gi, '.');
    return dots === '.' || dots === '..';
  });
}

/**
 * Where a request goes: the target's origin and path prefix, then the request's path as sent. Resolving the path
 * against the target instead would let `//host/...` or an absolute-form request line send the client's
 * credentials to another server; such requests get undefined.
 */
export function targetUrl(target: URL, requestTarget: string): URL | undefined {
  if (!requestTarget.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(`${target.origin}${target.pathname.replace(/\/$/, '')}${requestTarget}`);
  } catch {
    return undefined;
  }
  return url.origin === target.origin ? url : undefined;
}
