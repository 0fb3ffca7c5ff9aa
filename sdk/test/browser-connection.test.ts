import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../../conformance/browser.js';
import { bundleBrowserPage } from '../../conformance/browser-target.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs in the page: what a browser user reads for a server that is down, a base URL that is not the API, and no scheme. */
const PAGE = `
import { createClient } from './sdk/src/index.ts';
const apiKey = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const port = new URLSearchParams(location.search).get('closed');
const said = (e) => [e.name, e.reason ?? e.status, e.message].join(' | ');
const out = {};
out.down = await createClient({ baseUrl: 'http://127.0.0.1:' + port, apiKey, maxRetries: 0 }).statuses.health().then(() => 'ok', said);
out.notTheApi = await createClient({ baseUrl: location.origin, apiKey }).pipelines.list().then(() => 'ok', said);
try {
  createClient({ baseUrl: '127.0.0.1:6790', apiKey });
  out.noScheme = 'accepted';
} catch (e) {
  out.noScheme = said(e);
}
window.__out = out;
`;

it('in a browser: a server that is down, a base URL that is not the API, a base URL without a scheme (headless Chromium)', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const bundle = await bundleBrowserPage({ stdin: { contents: PAGE, resolveDir: root, loader: 'ts', sourcefile: 'page.ts' } });
  const site = await serveFiles({
    '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>' },
    '/page.js': { type: 'text/javascript', body: bundle },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${site.url}/?closed=${port}`);
    await page.waitForFunction(() => '__out' in window, undefined, { timeout: 20_000 });
    const out = await page.evaluate(() => (window as unknown as { __out: Record<string, string> }).__out);
    expect(out).toEqual({
      down: `APIConnectionError | unknown | Connection failed: GET http://127.0.0.1:${port}/api/status (Failed to fetch). Is the server running, and does it allow this page’s origin (CORS)?`,
      notTheApi: `NotTheApiError | 404 | The base URL ${site.url} does not look like the API: GET ${site.url}/api/pipelines answered HTTP 404 text/plain "not found" instead of the API's JSON. baseUrl should be the server started with npm start, usually http://127.0.0.1:6789.`,
      noScheme:
        'TypeError |  | createClient: baseUrl "127.0.0.1:6790" is not an absolute http(s) URL. Write "http://127.0.0.1:6790" (scheme, host and port; in a page served by the API, window.location.origin).',
    });
  } finally {
    await browser.close();
    await site.close();
  }
});
