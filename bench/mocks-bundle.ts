/**
 * The size of the mocks in a browser app: bundles what a browser user bundles (an entry that imports the mocks'
 * browser API) with esbuild, minified, for the browser, in production mode, and prints the total (minified and
 * gzip), the budget and what dominates, grouped by package: minified bytes (esbuild's metafile), and each
 * group's own code gzipped alone (cut out of the bundle by its source map), with its share of those.
 * Entries: the full browser API (`setupMockWorker`), the minimal use (the handlers given to MSW's own
 * `setupWorker`), and MSW alone, the floor under any MSW browser app.
 * Budget: 150 kB gzip. Run: npm run bench:mocks-bundle.
 */
import { gzipSync } from 'node:zlib';
import { BROWSER_ENTRIES, bundleForBrowser, type BrowserBundle } from '../mocks/test/browser-bundle.js';

const BUDGET_GZIP = 150 * 1000;

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
function codeByGroup(bundle: BrowserBundle): Map<string, string> {
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

function groups(bundle: BrowserBundle) {
  const bytes = new Map<string, number>();
  for (const [input, inputBytes] of bundle.inputs) {
    const group = groupOf(input);
    bytes.set(group, (bytes.get(group) ?? 0) + inputBytes);
  }
  const code = codeByGroup(bundle);
  const rows = [...bytes].map(([group, min]) => ({ group, min, gzip: gzipSync(code.get(group) ?? '', { level: 9 }).length }));
  return { totalGzip: rows.reduce((a, { gzip }) => a + gzip, 0), rows: rows.sort((a, b) => b.gzip - a.gzip) };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const MAIN = 'setupMockWorker (the browser API)';
const MSW_ALONE = 'MSW alone (setupWorker, one handler)';
const bundles = new Map<string, BrowserBundle>();
for (const [name, entry] of Object.entries(BROWSER_ENTRIES)) bundles.set(name, await bundleForBrowser(entry));
const main = bundles.get(MAIN)!;
const mswAlone = bundles.get(MSW_ALONE)!;

for (const [name, bundle] of bundles) {
  console.log(`\n${name}`);
  const verdict = bundle === mswAlone ? '' : `   budget ${kB(BUDGET_GZIP)} gzip: ${bundle.gzip <= BUDGET_GZIP ? 'met' : 'MISSED'}`;
  console.log(`  total ${kB(bundle.min).padStart(9)} minified  ${kB(bundle.gzip).padStart(9)} gzip${verdict}`);
  if (bundle !== main && Math.abs(bundle.gzip - main.gzip) <= main.gzip * 0.01) {
    console.log(`  (within 1% of "${MAIN}": the same contributors)`);
    continue;
  }
  const { totalGzip, rows } = groups(bundle);
  console.log(`  ${'package'.padEnd(42)} ${'minified'.padStart(10)} ${'gzip alone'.padStart(11)} ${'share'.padStart(6)}`);
  const [large, small] = [rows.filter(({ gzip }) => gzip >= 1000), rows.filter(({ gzip }) => gzip < 1000)];
  for (const { group, min, gzip } of large) {
    console.log(`  ${group.padEnd(42)} ${kB(min).padStart(10)} ${kB(gzip).padStart(11)} ${((gzip / totalGzip) * 100).toFixed(1).padStart(5)}%`);
  }
  if (small.length > 0) console.log(`  (${small.length} more under 1 kB gzip each: ${kB(small.reduce((a, { gzip }) => a + gzip, 0))} gzip together)`);
}
console.log(`\nMSW's own part, the floor of any MSW browser app: ${kB(mswAlone.gzip)} gzip`);
console.log(`Ours on top of it (contract, core, resources and their libraries): ${kB(main.gzip - mswAlone.gzip)} gzip`);
