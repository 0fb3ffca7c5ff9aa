import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a browser app bundles to run the mocks, two ways: our browser API, or the handlers given to MSW's own worker. */
export const BROWSER_ENTRIES = {
  'setupMockWorker (the browser API)': `
    import { setupMockWorker } from '@pipeline-api/mocks/browser';
    const mock = setupMockWorker({ baseUrl: location.origin });
    await mock.start();
    Object.assign(globalThis, { mock });`,
  'handlers only (MSW setupWorker)': `
    import { setupWorker } from 'msw/browser';
    import { createMockApi } from '@pipeline-api/mocks/browser';
    const mock = createMockApi({ baseUrl: location.origin });
    await setupWorker(...mock.handlers).start();
    Object.assign(globalThis, { mock });`,
  'MSW alone (setupWorker, one handler)': `
    import { setupWorker } from 'msw/browser';
    import { http, HttpResponse } from 'msw';
    await setupWorker(http.get('/api/status', () => HttpResponse.json({ status: 'ok' }))).start();`,
} as const;

export interface BrowserBundle {
  /** The bundle and its source map (esbuild's, as JSON text). */
  code: string;
  sourceMap: string;
  /** Minified bytes. */
  min: number;
  gzip: number;
  metafile: Metafile;
  /** Every source file with code in the bundle (paths relative to the repository), and its minified bytes. */
  inputs: Map<string, number>;
}

/** Bundles an entry as a browser app ships it: esbuild, minified, for browsers, in production mode. */
export async function bundleForBrowser(entry: string): Promise<BrowserBundle> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    metafile: true,
    sourcemap: 'external',
    outdir: 'out',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const file = (suffix: string) => result.outputFiles.find((f) => f.path.endsWith(suffix))!;
  const code = file('.js').contents;
  const output = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.js'))![1];
  const inputs = new Map(
    Object.entries(output.inputs)
      .filter(([, i]) => i.bytesInOutput > 0)
      .map(([path, i]) => [path, i.bytesInOutput]),
  );
  return {
    code: file('.js').text,
    sourceMap: file('.js.map').text,
    min: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    metafile: result.metafile,
    inputs,
  };
}
