/**
 * CORS as a server that allows the calling page's origin answers it (the reference server with that origin in
 * CORS_ORIGINS). A test environment whose fetch enforces CORS (happy-dom's) checks a mocked answer as a browser
 * would: a page on http://localhost:3000 calling the API on another origin must get these headers, or its fetch fails.
 */
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
const DEFAULT_ALLOWED_HEADERS = 'Content-Type, X-API-KEY, OAUTH-TOKEN, Authorization, X-Retry-Count';
/** What the page's code may read of an answer: the SDK reads these to decide on a retry. */
const EXPOSED = 'Retry-After, Retry-After-Ms, X-Should-Retry';

/** The headers every answer to a request from `origin` carries; none without an Origin header (a same-origin or non-browser call). */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!origin) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', 'Access-Control-Expose-Headers': EXPOSED, Vary: 'Origin' };
}

/**
 * The answer to an OPTIONS request: a preflight's, as the server's (no route of the API takes OPTIONS). happy-dom
 * sends its preflights without Origin or Access-Control-Request-Method: any origin is allowed then (`*`).
 */
export function preflightAnswer(method: string, headers: Record<string, string | undefined>): Response | undefined {
  if (method !== 'OPTIONS') return undefined;
  return new Response(null, {
    status: 204,
    headers: {
      ...(headers.origin ? corsHeaders(headers.origin) : { 'Access-Control-Allow-Origin': '*' }),
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': headers['access-control-request-headers'] || DEFAULT_ALLOWED_HEADERS,
      'Access-Control-Max-Age': '600',
    },
  });
}
