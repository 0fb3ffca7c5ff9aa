/**
 * The size of the mocks in a browser app: bundles what a browser user bundles (an entry that imports the mocks'
 * browser API) with esbuild, minified, for the browser, in production mode, and prints the total (minified and
 * gzip), the budget and what dominates, grouped by package. Two entries: the full browser API
 * (`setupMockWorker`), and the minimal use (the handlers given to MSW's own `setupWorker`).
 * Budget: 150 kB gzip. Run: npm run bench:mocks-bundle.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUDGET_GZIP = 150 * 1000;

const ENTRIES = {
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
};

/** Our workspaces, by folder; everything else by its npm package name. */
const WORKSPACES: [prefix: string, name: string][] = [
  ['contract/', '@pipeline-api/contract'],
  ['core/src/resources/', '@pipeline-api/core resources'],
  ['core/', '@pipeline-api/core'],
  ['mocks/', '@pipeline-api/mocks'],
];

function groupOf(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(input);
  if (pkg) {
    const [, name, rest] = pkg;
    // zod's locales are data a validator only needs for translated messages: shown apart when present.
    if (name === 'zod' && rest!.includes('/locales/')) return 'zod (locales)';
    return name!;
  }
  if (input.startsWith('core/src/resources/') && input.endsWith('/examples.ts')) return '@pipeline-api/core resources (examples)';
  return WORKSPACES.find(([prefix]) => input.startsWith(prefix))?.[1] ?? input;
}

async function measure(entry: string) {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, write: false,
    logLevel: 'silent', metafile: true, define: { 'process.env.NODE_ENV': '"production"' },
  });
  const code = result.outputFiles[0]!.contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, metafile: result.metafile };
}

function groups(metafile: Metafile) {
  const output = Object.values(metafile.outputs)[0]!;
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const group = groupOf(input);
    bytes.set(group, (bytes.get(group) ?? 0) + bytesInOutput);
  }
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  return { total, rows: [...bytes].filter(([, b]) => b > 0).sort((a, b) => b[1] - a[1]) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const measured: { name: string; min: number; gzip: number }[] = [];
for (const [name, entry] of Object.entries(ENTRIES)) {
  const { min, gzip, metafile } = await measure(entry);
  measured.push({ name, min, gzip });
  console.log(`\n${name}`);
  console.log(`  total ${kB(min).padStart(9)} minified  ${kB(gzip).padStart(9)} gzip   budget ${kB(BUDGET_GZIP)} gzip: ${gzip <= BUDGET_GZIP ? 'met' : 'MISSED'}`);
  if (measured.length > 1 && Math.abs(gzip - measured[0]!.gzip) <= measured[0]!.gzip * 0.01) {
    console.log(`  (within 1% of "${measured[0]!.name}": the same contributors)`);
    continue;
  }
  const { total, rows } = groups(metafile);
  console.log(`  ${'package'.padEnd(42)} ${'minified'.padStart(10)} ${'share'.padStart(6)} ${'~gzip'.padStart(10)}`);
  for (const [group, bytes] of rows) {
    const share = bytes / total;
    if (bytes < 1000) continue;
    // gzip does not split by module: its column spreads the bundle's gzip size by minified share, an estimate.
    console.log(`  ${group.padEnd(42)} ${kB(bytes).padStart(10)} ${(share * 100).toFixed(1).padStart(5)}% ${kB(share * gzip).padStart(10)}`);
  }
  const small = rows.filter(([, b]) => b < 1000);
  if (small.length > 0) console.log(`  (${small.length} more under 1 kB each: ${kB(small.reduce((a, [, b]) => a + b, 0))} together)`);
}
