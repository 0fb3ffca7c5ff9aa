/**
 * Mage's UI sends its API calls to port 6789 whenever the page's host name is `localhost` (frontend/api/utils/url.ts):
 * from another port they would leave the page's origin. The same address on 127.0.0.1 keeps them on it.
 */
export function onLocalhost(href: string): string | undefined {
  const url = new URL(href);
  if (url.hostname !== 'localhost' || url.port === '6789') return undefined;
  url.hostname = '127.0.0.1';
  return url.href;
}
