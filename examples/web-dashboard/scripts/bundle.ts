import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { nodeCryptoStub } from '../../../conformance/browser-target.js';
import { SOURCE_CONDITION } from '../../../scripts/packaging/source-condition.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The site, in memory: the page, the app bundled by esbuild (React's automatic JSX), and MSW's worker. */
export async function bundleSite(): Promise<Record<string, { type: string; body: string | Uint8Array }>> {
  const result = await build({
    entryPoints: [here('../src/main.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    minify: true,
    jsx: 'automatic',
    conditions: [SOURCE_CONDITION, 'browser'],
    plugins: [nodeCryptoStub],
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return {
    '/': { type: 'text/html', body: readFileSync(here('../src/index.html')) },
    '/main.js': { type: 'text/javascript', body: result.outputFiles[0]!.contents },
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(here('../../../mocks/public/mockServiceWorker.js')) },
  };
}
