/**
 * The size of the mocks in a browser app: bundles what a browser user bundles (an entry that imports the mocks'
 * browser API and makes one SDK call) two ways, as a Vite 8 production build does (Rolldown) and with esbuild,
 * minified, for the browser, in production mode, and prints for each the total (minified and gzip), the budgets
 * and what dominates, grouped by package, each group's own code gzipped alone, with its share of those.
 * Both with msw 3 (what `npm install msw` gives: installed from the registry once, under node_modules/.cache) and
 * with the workspace's msw 2.
 * Each group is cut out of the minified bundle by the bundler's source map, so it is the group's code as shipped.
 * What a page loads counts; chunks a bundler splits off and loads only when their code is first called (croner,
 * jose, bcryptjs) are printed apart.
 * Entries: the full browser API (`setupMockWorker`) with one SDK call, the minimal use (the handlers given to
 * MSW's own `setupWorker`), and MSW alone, the floor under any MSW browser app.
 * Vite twice: as it comes, and with the kit's Vite plugin (`pipelineApiMocks()`: the alias of tldts, msw's public-suffix
 * list, to its ESM build).
 * Then docs/build-an-app.md's React page in mock mode (its own src/ files, React and TanStack Query included), with Vite
 * as it comes and with the kit's plugin, on msw 3: printed, with no budget (React and the app's code are the app's).
 * Budgets: 150 kB gzip for the page at boot; the kit's own part of it (all but MSW) 15 kB gzip; what the page's first
 * request adds (the mock's engine: the core, the contract's schemas and zod, and the chunks it imports) 71 kB gzip,
 * printed with its parts. The page keeps MSW, the SDK, the handlers and the contract's route paths; the rest loads with
 * the first request (docs/mocks.md, "Bundle size"). The total depends on MSW and, in Vite, on the plugin: the run fails
 * (exit 1) when the page misses its budget with the plugin or with esbuild; the kit's own part and the first request
 * are ours, so the run fails (exit 1) when either misses its budget.
 * Run: npm run build:js && npm run bench:mocks-bundle  (`-- --smoke`: esbuild on msw 3 only, in seconds; `-- --app`: the
 * build-an-app page only).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { codeBlocks } from '../docs/test/markdown.js';
import { BROWSER_ENTRIES, bundleForBrowser, bundleWithVite, type BrowserBundle, type FirstUse, type ViteBundle } from '../mocks/test/browser-bundle.js';
import { MSW_3, mswInstall } from '../scripts/packaging/msw-install.js';

const BUDGET_GZIP = 150 * 1000;
const OURS_BUDGET_GZIP = 15 * 1000;
/**
 * What a page's first request loads (the mock's engine, the core, the contract's schemas, zod): the kit's own code too,
 * so the split cannot hide its growth.
 */
// 68 kB until the contract gained Mage's editor routes and the public projects shape (69.2 kB measured after them):
// every route's schemas are in the engine, since any request may need them.
const FIRST_REQUEST_BUDGET_GZIP = 71 * 1000;
/** The mock's engine (the core, the contract's schemas, zod): the chunk a page's first request loads. */
const ENGINE_CHUNK = /(^|\/)engine-[^/]*\.js$/;
const SMOKE = process.argv.includes('--smoke');
/** `-- --app`: docs/build-an-app.md's page only. */
const APP_ONLY = process.argv.includes('--app');

/** Our workspaces, by folder; everything else by its npm package name. */
const WORKSPACES: [prefix: string, name: string][] = [
  ['contract/', '@pipeline-api/contract'],
  ['core/', '@pipeline-api/core'],
  ['mocks/', '@pipeline-api/mocks'],
  ['sdk/', '@pipeline-api/sdk'],
  ['query/', '@pipeline-api/query'],
];

/** A source's group: the npm package its file is in (the innermost node_modules), or our workspace. */
function groupOf(input: string): string {
  // msw 3 and what it brings, from its own install (its cookie is not the core's).
  const fromMsw3 = new RegExp(`pipeline-api-msw/${MSW_3}/node_modules/((?:@[^/]+/)?[^/]+)/`).exec(input);
  if (fromMsw3) return `${fromMsw3[1]} [msw ${MSW_3}]`;
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(input);
  if (pkg) {
    const [, name, rest] = pkg;
    // zod's locales are data a validator only needs for translated messages: shown apart when present.
    if (name === 'zod' && rest!.includes('/locales/')) return 'zod (locales)';
    return name!;
  }
  return WORKSPACES.find(([prefix]) => input.startsWith(prefix))?.[1] ?? input;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ, as the Source Map spec encodes them). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * The bundle's code by group: every stretch of output is given to the source the source map maps it to, so
 * each group's gzip size is its own code compressed alone (gzip sizes do not add up exactly to the bundle's).
 */
function codeByGroup(bundle: { code: string; sourceMap: string }): Map<string, string> {
  if (!bundle.sourceMap) return new Map([['unmapped', bundle.code]]);
  const { sources, mappings } = JSON.parse(bundle.sourceMap) as { sources: string[]; mappings: string };
  const groupOfSource = sources.map((source) => groupOf(source.replace(/^(\.\.\/)+/, '')));
  const lines = bundle.code.split('\n');
  const parts = new Map<string, string[]>();
  let source = 0;
  mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    let start = 0;
    let owner = 'unmapped';
    for (const segment of lineMappings.split(',').filter(Boolean)) {
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      (parts.get(owner) ?? parts.set(owner, []).get(owner)!).push(line.slice(start, column));
      start = column;
      if (sourceDelta !== undefined) source += sourceDelta;
      owner = sourceDelta === undefined ? 'unmapped' : groupOfSource[source]!;
    }
    (parts.get(owner) ?? parts.set(owner, []).get(owner)!).push(line.slice(start) + '\n');
  });
  return new Map([...parts].map(([group, texts]) => [group, texts.join('')]));
}

interface Part {
  group: string;
  min: number;
  gzip: number;
}

/** The groups of the chunks the page loads, cut out of them by their source maps. */
function partsOf(bundle: Pick<BrowserBundle | ViteBundle | FirstUse, 'loaded'>): Part[] {
  const code = new Map<string, string>();
  for (const chunk of bundle.loaded) for (const [group, text] of codeByGroup(chunk)) code.set(group, (code.get(group) ?? '') + text);
  return [...code].map(([group, text]) => ({ group, min: text.length, gzip: gzipSync(text, { level: 9 }).length }));
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/**
 * The workspace's msw 2 and its dependencies. Not `cookie`: msw 2 carries its own copy (msw/lib/shims) and msw 3 its
 * own install, so the `cookie` in a bundle is the core's (MSW alone has none).
 */
const MSW_2_GROUPS =
  /^(msw|@mswjs\/|@open-draft\/|tldts|tough-cookie|rettime|set-cookie-parser|headers-polyfill|outvariant|strict-event-emitter|is-node-process|until-async|@bundled-es-modules\/|@msw\/|graphql|path-to-regexp|statuses|type-fest|@inquirer\/)/;
const isMsw = (group: string) => group.endsWith(`[msw ${MSW_3}]`) || MSW_2_GROUPS.test(group);

function printParts(parts: Part[]) {
  const totalGzip = parts.reduce((a, { gzip }) => a + gzip, 0);
  const rows = [...parts].sort((a, b) => b.gzip - a.gzip);
  console.log(`    ${'package'.padEnd(42)} ${'minified'.padStart(10)} ${'gzip alone'.padStart(11)} ${'share'.padStart(6)}`);
  const [large, small] = [rows.filter(({ gzip }) => gzip >= 1000), rows.filter(({ gzip }) => gzip < 1000)];
  for (const { group, min, gzip } of large) {
    console.log(`    ${group.padEnd(42)} ${kB(min).padStart(10)} ${kB(gzip).padStart(11)} ${((gzip / totalGzip) * 100).toFixed(1).padStart(5)}%`);
  }
  if (small.length > 0) console.log(`    (${small.length} more under 1 kB gzip each: ${kB(small.reduce((a, { gzip }) => a + gzip, 0))} gzip together)`);
}

const lazyNote = (chunks: { file: string; gzip: number }[]) =>
  `\n                       + ${chunks.length} lazy chunk(s), loaded only when called: ${chunks.map((c) => `${c.file.replace(/^assets\//, '')} ${kB(c.gzip)}`).join(', ')} gzip`;

const MAIN = 'setupMockWorker and one SDK call';
const MSW_ALONE = 'MSW alone (setupWorker, one handler)';
const APP_PAGE = "docs/build-an-app.md's React page in mock mode";
const mswVersions = APP_ONLY
  ? []
  : [
      { label: `msw ${MSW_3}`, mswDir: mswInstall(MSW_3), bundlers: SMOKE ? (['esbuild'] as const) : (['Vite 8', 'Vite 8 + kit plugin', 'esbuild'] as const) },
      ...(SMOKE ? [] : [{ label: 'msw 2.15.0 (the workspace)', mswDir: undefined, bundlers: ['Vite 8', 'Vite 8 + kit plugin', 'esbuild'] as const }]),
    ];
const totals = new Map<string, number>();
/** What each kit entry's first request adds, by `label|entry|bundler`. */
const firstRequest = new Map<string, FirstUse>();
const summary: string[] = [];
let failed = false;

for (const { label, mswDir, bundlers } of mswVersions) {
  console.log(`\n===== ${label} =====`);
  for (const [name, entry] of Object.entries(BROWSER_ENTRIES)) {
    console.log(`\n${name}, ${label}`);
    for (const bundler of bundlers) {
      let gzip: number,
        min: number,
        parts: Part[],
        firstUse: FirstUse | undefined,
        lazy = '';
      // The kit's entries: what their first request adds (the mock's engine and the chunks it imports).
      const firstUseOf = name === MSW_ALONE ? undefined : ENGINE_CHUNK;
      if (bundler === 'esbuild') {
        const bundle = await bundleForBrowser(entry, { mswDir, firstUse: firstUseOf });
        [gzip, min, parts, firstUse] = [bundle.gzip, bundle.min, partsOf(bundle), bundle.firstUse];
        if (bundle.lazy.length > 0) lazy = lazyNote(bundle.lazy);
      } else {
        const bundle = await bundleWithVite(entry, { kitPlugin: bundler === 'Vite 8 + kit plugin', mswDir, firstUse: firstUseOf });
        [gzip, min, parts, firstUse] = [bundle.gzip, bundle.min, partsOf(bundle), bundle.firstUse];
        const lazyChunks = bundle.chunks.filter((c) => c.lazy);
        if (lazyChunks.length > 0) lazy = lazyNote(lazyChunks);
      }
      if (gzip === 0 || parts.length === 0) {
        console.error(`  ${bundler}: an empty bundle`);
        failed = true;
      }
      totals.set(`${label}|${name}|${bundler}`, gzip);
      // With the kit's Vite plugin (or esbuild) the page's total is ours to keep under budget too.
      if (name === MAIN && bundler !== 'Vite 8' && gzip > BUDGET_GZIP) {
        console.error(`  ${bundler}, ${name}, ${label}: the page is over its budget by ${kB(gzip - BUDGET_GZIP)} gzip`);
        failed = true;
      }
      const ours = parts.filter((p) => !isMsw(p.group)).reduce((a, p) => a + p.gzip, 0);
      const verdict = name === MSW_ALONE ? '' : `   budget ${kB(BUDGET_GZIP)}: ${gzip <= BUDGET_GZIP ? 'met' : 'MISSED'}`;
      console.log(`  ${bundler.padEnd(20)} total ${kB(min).padStart(9)} minified  ${kB(gzip).padStart(9)} gzip${verdict}${lazy}`);
      if (firstUse) {
        const firstLine = `the first request adds ${kB(firstUse.gzip)} gzip (the engine and the ${firstUse.files.length - 1} chunk(s) it imports; ${kB(gzip + firstUse.gzip)} with the page)`;
        console.log(
          `                       ${firstLine}   budget ${kB(FIRST_REQUEST_BUDGET_GZIP)}: ${firstUse.gzip <= FIRST_REQUEST_BUDGET_GZIP ? 'met' : 'MISSED'}`,
        );
        if (firstUse.gzip > FIRST_REQUEST_BUDGET_GZIP) {
          console.error(`  ${bundler}, ${name}, ${label}: the first request is over its budget by ${kB(firstUse.gzip - FIRST_REQUEST_BUDGET_GZIP)} gzip`);
          failed = true;
        }
        firstRequest.set(`${label}|${name}|${bundler}`, firstUse);
      }
      if (name !== MSW_ALONE) {
        const oursLine = `the kit's own part (all but MSW, gzip alone): ${kB(ours)}   budget ${kB(OURS_BUDGET_GZIP)}: ${ours <= OURS_BUDGET_GZIP ? 'met' : 'MISSED'}`;
        console.log(`                       ${oursLine}`);
        if (ours > OURS_BUDGET_GZIP) {
          console.error(`  ${bundler}, ${name}: the kit's own part is over its budget by ${kB(ours - OURS_BUDGET_GZIP)} gzip`);
          failed = true;
        }
        if (name === MAIN) {
          const first = firstRequest.get(`${label}|${name}|${bundler}`)?.gzip ?? 0;
          summary.push(
            `  ${label.padEnd(28)} ${bundler.padEnd(20)} total ${kB(gzip).padStart(9)} gzip; ${oursLine}; the first request adds ${kB(first)} (${kB(gzip + first)} with the page)`,
          );
        }
      }
      printParts(parts);
      if (firstUse) {
        console.log('    what the first request adds:');
        printParts(partsOf(firstUse));
      }
    }
  }
  for (const bundler of bundlers) {
    const main = totals.get(`${label}|${MAIN}|${bundler}`)!;
    const floor = totals.get(`${label}|${MSW_ALONE}|${bundler}`)!;
    summary.push(
      `  ${label.padEnd(28)} ${bundler.padEnd(20)} MSW alone (the floor of any MSW browser app) ${kB(floor)} gzip; the kit on top of it ${kB(main - floor)} gzip`,
    );
  }
}
// docs/build-an-app.md's page in mock mode, on msw 3 (what its `npm install msw` gives): React, TanStack Query, the
// SDK, the query layer and the mocks, as the page's own files build it. Printed only: React's part is the app's.
const appSummary: string[] = [];
if (!SMOKE) {
  const guide = codeBlocks(readFileSync(new URL('../docs/build-an-app.md', import.meta.url), 'utf8'));
  const files = guide.flatMap((b) => {
    const path = b.flags.find((flag) => flag.startsWith('file='))?.slice('file='.length);
    return path && path !== 'vite.config.ts' && path !== 'index.html' ? [{ path, code: b.code }] : [];
  });
  // Before its first render the page awaits the mocks (the `import()` in main.tsx), seed() (the mock's engine and the
  // fixtures chunk) and the login (the JWT chunk): the chunks a Chromium load of the built page requests before the list shows.
  const APP_BOOT_CHUNKS = /^assets\/(browser|engine|fixtures|jwt-library)-/;
  const name = `${APP_PAGE}, msw ${MSW_3}`;
  console.log(`\n===== ${name} =====`);
  for (const bundler of ['Vite 8', 'Vite 8 + kit plugin'] as const) {
    const bundle = await bundleWithVite(`import './src/main.tsx';`, {
      kitPlugin: bundler === 'Vite 8 + kit plugin',
      mswDir: mswInstall(MSW_3),
      files,
      atBoot: APP_BOOT_CHUNKS,
    });
    const parts = partsOf(bundle);
    if (bundle.gzip === 0 || parts.length === 0) {
      console.error(`  ${bundler}: an empty bundle`);
      failed = true;
    }
    const lazyChunks = bundle.chunks.filter((c) => c.lazy);
    console.log(
      `  ${bundler.padEnd(20)} total ${kB(bundle.min).padStart(9)} minified  ${kB(bundle.gzip).padStart(9)} gzip${lazyChunks.length > 0 ? lazyNote(lazyChunks) : ''}`,
    );
    printParts(parts);
    appSummary.push(`  ${name.padEnd(28)} ${bundler.padEnd(20)} total ${kB(bundle.gzip).padStart(9)} gzip at boot`);
  }
}

if (summary.length > 0) console.log(`\nSummary (${MAIN})\n${summary.join('\n')}`);
if (appSummary.length > 0) console.log(`\nSummary (${APP_PAGE})\n${appSummary.join('\n')}`);
if (failed) process.exit(1);
