/**
 * The Content-Security-Policy of the pages this server renders (/docs, /docs/try): only this server's own assets,
 * no CDN, no fonts from elsewhere, never framed. A page adds the directives only it needs.
 */
export function selfOnlyCsp(...extra: string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    ...extra,
  ].join('; ');
}
