import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { launchChromium, serveFiles } from './browser.js';
import type { Transcript } from './transcript.js';
import { SOURCE_CONDITION } from '../scripts/packaging/source-condition.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** bcryptjs imports Node's crypto only as a fallback to Web Crypto: in a browser bundle it is an empty module. */
export const nodeCryptoStub: Plugin = {
  name: 'node-crypto-stub',
  setup(b) {
    b.onResolve({ filter: /^(node:)?crypto$/ }, () => ({ path: 'crypto', namespace: 'stub' }));
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export default {};', loader: 'js' }));
  },
};

/** Bundles the scenarios with the mocks' browser entry and the SDK, and runs them in headless Chromium. */
export async function runAgainstBrowserMocks(): Promise<Transcript> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('browser-entry.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    conditions: [SOURCE_CONDITION, 'browser'],
    plugins: [nodeCryptoStub],
  });
  const site = await serveFiles({
    '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>conformance</title><script type="module" src="/bundle.js"></script>' },
    '/bundle.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.contents },
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(`${root}/mocks/public/mockServiceWorker.js`) },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(site.url);
    await page.waitForFunction(() => 'conformance' in window, undefined, { timeout: 30_000 });
    const transcript = await page.evaluate(() => window.conformance);
    if (errors.length > 0) transcript.failures['(page errors)'] = errors.join('\n');
    return transcript;
  } finally {
    await browser.close();
    await site.close();
  }
}
