import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';
import { BROWSER_APP_BUILD } from '../../scripts/test/browser-app-build.js';
import { pipelineApiMocks } from '../src/vite.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a browser app bundles to run the mocks, two ways: our browser API, or the handlers given to MSW's own worker. */
export const BROWSER_ENTRIES = {
  'setupMockWorker and one SDK call': `
    import { setupMockWorker } from '@pipeline-api/mocks/browser';
    import { createClient } from '@pipeline-api/sdk';
    const mock = setupMockWorker({ baseUrl: location.origin });
    await mock.start();
    const client = createClient({ baseUrl: location.origin, apiKey: 'key' });
    Object.assign(globalThis, { mock, statuses: await client.statuses.list() });`,
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

/** What a first call loads: the lazy chunk whose file name matches `firstUse` and the chunks it imports statically, not already in the page. */
export interface FirstUse {
  files: string[];
  gzip: number;
  /** Those chunks, each with its source map (JSON text), to cut them by source. */
  loaded: { code: string; sourceMap: string }[];
}

export interface BrowserBundle {
  /** The chunks the page loads (the entry and what it imports statically), each with its source map (JSON text). */
  loaded: { code: string; sourceMap: string }[];
  /** Chunks loaded only when their code is first called (`import()`), by file name. */
  lazy: { file: string; gzip: number }[];
  /** Minified bytes of the loaded chunks. */
  min: number;
  gzip: number;
  metafile: Metafile;
  /** Every source file with code in the loaded chunks (paths relative to the repository), and its minified bytes. */
  inputs: Map<string, number>;
  /** Every source file with code in the lazy chunks. */
  lazyInputs: Set<string>;
  /** Every chunk's code by its path in the metafile's outputs, and whether the page loads it. */
  chunks: Map<string, { code: string; loaded: boolean }>;
  /** With `firstUse`: what that first call loads. */
  firstUse?: FirstUse;
}

/** Which msw the app installs: by default the workspace's (msw 2); `mswDir`, a folder with msw installed under node_modules (msw-install.ts). */
export interface MswChoice {
  mswDir?: string;
  /** A lazy chunk's file name (e.g. /engine-/, the mock's engine): measure what its first call loads. */
  firstUse?: RegExp;
}

/** The chunks `start` and what it imports statically (transitively), given each chunk's static imports. */
function staticClosure(start: string, importsOf: (file: string) => readonly string[], into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const next of importsOf(start)) staticClosure(next, importsOf, into);
  return into;
}

/** What the first call of the lazy chunk named `pattern` loads beyond the page's chunks (`loaded`). */
function firstUseOf(
  pattern: RegExp | undefined,
  files: readonly string[],
  loaded: ReadonlySet<string>,
  importsOf: (file: string) => readonly string[],
  codeOf: (file: string) => { code: string; sourceMap: string },
): FirstUse | undefined {
  if (!pattern) return undefined;
  const start = files.find((file) => pattern.test(file) && !loaded.has(file));
  if (!start) throw new Error(`No lazy chunk named ${pattern}`);
  const added = [...staticClosure(start, importsOf)].filter((file) => !loaded.has(file));
  return { files: added, gzip: added.reduce((a, file) => a + gzipSync(codeOf(file).code, { level: 9 }).length, 0), loaded: added.map(codeOf) };
}

/** esbuild resolves `msw` and its subpaths from `mswDir`, for the app and the kit alike (one msw per app, as npm installs it). */
function mswFrom(mswDir: string): Plugin {
  return {
    name: 'msw-from',
    setup(build) {
      build.onResolve({ filter: /^msw(\/.*)?$/ }, (args) => {
        if (args.pluginData === 'msw-from') return undefined;
        return build.resolve(args.path, { kind: args.kind, resolveDir: mswDir, pluginData: 'msw-from' });
      });
    },
  };
}

/**
 * Bundles an entry as a browser app ships it: esbuild, minified, for browsers, in production mode, with code
 * splitting (an `import()` becomes a chunk of its own, loaded when first called).
 */
export async function bundleForBrowser(entry: string, { mswDir, firstUse }: MswChoice = {}): Promise<BrowserBundle> {
  const result = await build({
    plugins: mswDir ? [mswFrom(mswDir)] : [],
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    absWorkingDir: root,
    ...BROWSER_APP_BUILD,
    sourcemap: 'external',
    outdir: join(root, 'out'),
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const outputs = result.metafile.outputs;
  const relativePath = (path: string) => path.slice(root.length);
  // The entry is the output of the stdin source; every `import()` target is an entry point of its own in the metafile.
  const entryFile = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'entry.ts')!;
  // What the page loads: the entry and every chunk it imports statically, transitively; the rest is lazy.
  const loadedFiles = new Set<string>();
  const visit = (file: string) => {
    if (loadedFiles.has(file)) return;
    loadedFiles.add(file);
    for (const next of outputs[file]!.imports) if (next.kind === 'import-statement') visit(next.path);
  };
  visit(entryFile);
  const text = (path: string) => result.outputFiles.find((f) => relativePath(f.path) === path)?.text ?? '';
  const loaded: BrowserBundle['loaded'] = [];
  const lazy: BrowserBundle['lazy'] = [];
  const inputs = new Map<string, number>();
  const lazyInputs = new Set<string>();
  const chunks: BrowserBundle['chunks'] = new Map();
  for (const [path, output] of Object.entries(outputs)) {
    if (!path.endsWith('.js')) continue;
    const code = text(path).replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
    chunks.set(path, { code, loaded: loadedFiles.has(path) });
    const used = Object.entries(output.inputs).filter(([, i]) => i.bytesInOutput > 0);
    if (loadedFiles.has(path)) {
      loaded.push({ code, sourceMap: text(`${path}.map`) });
      for (const [input, i] of used) inputs.set(input, (inputs.get(input) ?? 0) + i.bytesInOutput);
    } else {
      lazy.push({ file: path.replace(/^out\//, ''), gzip: gzipSync(code, { level: 9 }).length });
      for (const [input] of used) lazyInputs.add(input);
    }
  }
  const staticImports = (file: string) => outputs[file]!.imports.flatMap((next) => (next.kind === 'import-statement' ? [next.path] : []));
  const codeOf = (file: string) => ({ code: chunks.get(file)?.code ?? '', sourceMap: text(`${file}.map`) });
  return {
    loaded,
    lazy,
    min: loaded.reduce((a, c) => a + c.code.length, 0),
    gzip: loaded.reduce((a, c) => a + gzipSync(c.code, { level: 9 }).length, 0),
    metafile: result.metafile,
    inputs,
    lazyInputs,
    chunks,
    firstUse: firstUseOf(firstUse, [...chunks.keys()], loadedFiles, staticImports, codeOf),
  };
}

export interface ViteBundle {
  /** Every chunk Vite emits for the entry (the entry and any lazy chunk), minified. */
  chunks: { file: string; min: number; gzip: number; lazy: boolean }[];
  /** What the page loads: every chunk but the lazy ones (loaded only when their code is called). */
  min: number;
  gzip: number;
  /** The chunks the page loads, each with its source map (JSON text; empty when the bundler made none), to cut it by source. */
  loaded: { code: string; sourceMap: string }[];
  /** With `firstUse`: what that first call loads. */
  firstUse?: FirstUse;
}

/** Vite's aliases for msw from `mswDir` (its browser entry points; msw 3's exports have no browser-only condition). */
function mswAliases(mswDir: string | undefined) {
  if (!mswDir) return [];
  const lib = join(mswDir, 'node_modules/msw/lib');
  return [
    { find: /^msw$/, replacement: join(lib, 'core/index.js') },
    { find: /^msw\/browser$/, replacement: join(lib, 'browser/index.js') },
  ];
}

/**
 * Bundles an entry as a Vite app's production build does (`vite build`: Rolldown, minified, for browsers),
 * without a config file, from a folder under bench/ so the packages resolve from the repository's node_modules;
 * `kitPlugin`: with the kit's Vite plugin (`pipelineApiMocks()` from `@pipeline-api/mocks/vite`: the tldts alias);
 * `files`: the app's own modules the entry imports; `atBoot`: the lazy chunks (by file name) the page awaits before it
 * shows anything, counted as loaded with what they import.
 */
export async function bundleWithVite(
  entry: string,
  options: { kitPlugin?: boolean; files?: { path: string; code: string }[]; atBoot?: RegExp } & MswChoice = {},
): Promise<ViteBundle> {
  const { build } = await import('vite');
  const dir = mkdtempSync(join(root, 'bench/.tmp-vite-'));
  try {
    writeFileSync(join(dir, 'entry.ts'), entry);
    // An app's own files beside the entry (`files`: paths relative to it).
    for (const { path, code } of options.files ?? []) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), code);
    }
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      // The kit's plugin: tldts's ESM build where msw's tough-cookie `require`s its CommonJS one.
      plugins: options.kitPlugin ? [pipelineApiMocks()] : [],
      resolve: { alias: mswAliases(options.mswDir) },
      build: { write: false, minify: true, sourcemap: true, target: 'es2022', rollupOptions: { input: join(dir, 'entry.ts') } },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
    const emitted = outputs.filter((o) => o.type === 'chunk');
    // What the page loads: the entry and every chunk it imports statically, transitively; the rest is lazy.
    const loadedFiles = new Set<string>();
    const visit = (file: string) => {
      if (loadedFiles.has(file)) return;
      loadedFiles.add(file);
      for (const next of emitted.find((c) => c.fileName === file)?.imports ?? []) visit(next);
    };
    for (const chunk of emitted) if (chunk.isEntry || options.atBoot?.test(chunk.fileName)) visit(chunk.fileName);
    const chunks: ViteBundle['chunks'] = [];
    const loaded: ViteBundle['loaded'] = [];
    const withMaps = new Map<string, { code: string; sourceMap: string }>();
    for (const output of emitted) {
      const lazy = !loadedFiles.has(output.fileName);
      // The code as written to disk, without the source-map comment a build without maps does not have.
      const code = output.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
      chunks.push({ file: output.fileName, min: code.length, gzip: gzipSync(code, { level: 9 }).length, lazy });
      withMaps.set(output.fileName, { code, sourceMap: output.map ? JSON.stringify(output.map) : '' });
      if (!lazy) loaded.push(withMaps.get(output.fileName)!);
    }
    const pageChunks = chunks.filter((c) => !c.lazy);
    const firstUse = firstUseOf(
      options.firstUse,
      chunks.map((c) => c.file),
      loadedFiles,
      (file) => emitted.find((c) => c.fileName === file)?.imports ?? [],
      (file) => withMaps.get(file) ?? { code: '', sourceMap: '' },
    );
    return { chunks, loaded, min: pageChunks.reduce((a, c) => a + c.min, 0), gzip: pageChunks.reduce((a, c) => a + c.gzip, 0), firstUse };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
