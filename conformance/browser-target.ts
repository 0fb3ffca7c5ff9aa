import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';
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

/**
 * Bundles a page's script as a browser loads it (ESM, es2022), with the workspace packages from their sources;
 * `input` names the entry (a file or stdin) and anything the page adds (JSX, minify, defines).
 */
export async function bundleBrowserPage(input: Pick<BuildOptions, 'entryPoints' | 'stdin' | 'jsx' | 'minify' | 'define'>): Promise<Uint8Array> {
  const result = await build({
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    conditions: [SOURCE_CONDITION, 'browser'],
    plugins: [nodeCryptoStub],
    ...input,
  });
  return result.outputFiles[0]!.contents;
}

/** Bundles the scenarios with the mocks' browser entry and the SDK, and runs them in headless Chromium. */
export async function runAgainstBrowserMocks(): Promise<Transcript> {
  const bundle = await bundleBrowserPage({ entryPoints: [fileURLToPath(new URL('browser-entry.ts', import.meta.url))] });
  const site = await serveFiles({
    '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>conformance</title><script type="module" src="/bundle.js"></script>' },
    '/bundle.js': { type: 'text/javascript', body: bundle },
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(`${root}/node_modules/msw/lib/mockServiceWorker.js`) },
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
