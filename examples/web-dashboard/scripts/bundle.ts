import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleBrowserPage } from '../../../conformance/browser-target.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The site, in memory: the page, the app bundled by esbuild (React's automatic JSX), and MSW's worker. */
export async function bundleSite(): Promise<Record<string, { type: string; body: string | Uint8Array }>> {
  const main = await bundleBrowserPage({
    entryPoints: [here('../src/main.tsx')],
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return {
    '/': { type: 'text/html', body: readFileSync(here('../src/index.html')) },
    '/main.js': { type: 'text/javascript', body: main },
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(here('../../../node_modules/msw/lib/mockServiceWorker.js')) },
  };
}
