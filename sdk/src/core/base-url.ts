/**
 * The `TypeError` for a base URL fetch cannot use, or undefined when it is an absolute http(s) URL without
 * credentials. Said at `createClient`, not later as a connection error that is retried.
 */
export function baseUrlProblem(baseUrl: unknown): TypeError | undefined {
  const example = 'http://127.0.0.1:6789';
  if (typeof baseUrl !== 'string' || baseUrl === '') {
    return new TypeError(`createClient: baseUrl is required: the API server's origin, e.g. ${example}`);
  }
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    const fix = /^[a-z][a-z\d+.-]*:\/\//i.test(baseUrl) ? example : `http://${baseUrl.replace(/^\/+/, '')}`;
    return new TypeError(
      `createClient: baseUrl ${JSON.stringify(baseUrl)} is not an absolute http(s) URL. Write ${JSON.stringify(fix)}` +
        ` (scheme, host and port; in a page served by the API, window.location.origin).`,
    );
  }
  if (url.username || url.password) {
    return new TypeError('createClient: baseUrl must not carry credentials (user:password@): pass apiKey, and token for a session.');
  }
  return undefined;
}
