import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../../conformance/browser.js';
import { bundleBrowserPage } from '../../conformance/browser-target.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = readFileSync(`${root}/node_modules/msw/lib/mockServiceWorker.js`);

/** A page that starts the browser mocks and shows what start() did: 'started', or the error's name and message. */
const PAGE = `
import { setupMockWorker } from '@pipeline-api/mocks/browser';
const mock = setupMockWorker({ baseUrl: location.origin });
try {
  await mock.start();
  const status = await (await fetch('/api/status')).json();
  window.outcome = 'started: ' + status.statuses[0].status;
} catch (error) {
  window.outcome = error.name + ': ' + error.message;
}
`;

describe('the browser mocks’ start() and the worker script', () => {
  let browser: Browser;
  let bundle: Uint8Array;
  beforeAll(async () => {
    bundle = await bundleBrowserPage({ stdin: { contents: PAGE, resolveDir: root, loader: 'ts' } });
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  /** Serves the page with `worker` at /mockServiceWorker.js (none when undefined) and returns what start() did. */
  async function startWith(worker: { type: string; body: string | Uint8Array } | undefined): Promise<{ outcome: string; origin: string }> {
    const site = await serveFiles({
      '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>mocks</title><script type="module" src="/bundle.js"></script>' },
      '/bundle.js': { type: 'text/javascript', body: bundle },
      ...(worker ? { '/mockServiceWorker.js': worker } : {}),
    });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(site.url);
      await page.waitForFunction(() => 'outcome' in window, undefined, { timeout: 20_000 });
      return { outcome: await page.evaluate(() => (window as unknown as { outcome: string }).outcome), origin: site.url };
    } finally {
      await context.close();
      await site.close();
    }
  }

  const advice = (origin: string, found: string) =>
    `MissingWorkerScriptError: @pipeline-api/mocks: no msw worker script at ${origin}/mockServiceWorker.js (${found}). Write it into the folder your app serves at its root: npx msw init public/ --save (public/ is Vite's; use your app's), or pass start({ serviceWorker: { url } }) with where it is.`;

  it('no script (a 404): says to run npx msw init public/ --save, naming the URL', async () => {
    const { outcome, origin } = await startWith(undefined);
    expect(outcome).toBe(advice(origin, 'HTTP 404'));
  });

  it('a dev server’s HTML page in its place (the MIME-type error msw gives): the same advice', async () => {
    const { outcome, origin } = await startWith({ type: 'text/html', body: '<!doctype html><div id="root"></div>' });
    expect(outcome).toBe(advice(origin, 'HTTP 200 text/html, not a script'));
  });

  it('a script that is not msw’s worker', async () => {
    const { outcome, origin } = await startWith({ type: 'text/javascript', body: 'self.addEventListener("fetch", () => {});' });
    expect(outcome).toBe(advice(origin, "a script, but not msw's worker"));
  });

  it('msw’s own worker script: starts and answers', async () => {
    expect((await startWith({ type: 'text/javascript', body: WORKER })).outcome).toBe('started: ok');
  });
});
