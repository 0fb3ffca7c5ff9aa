/**
 * The size of the mocks in a browser app: bundles what a browser user bundles (an entry that imports the mocks'
 * browser API) with esbuild, minified, for the browser, in production mode, and prints the total (minified and
 * gzip), the budget and what dominates, grouped by package. Two entries: the full browser API
 * (`setupMockWorker`), and the minimal use (the handlers given to MSW's own `setupWorker`).
 * Budget: 150 kB gzip. Run: npm run bench:mocks-bundle.
 */
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

function groups(inputs: Map<string, number>) {
  const bytes = new Map<string, number>();
  for (const [input, inputBytes] of inputs) {
    const group = groupOf(input);
    bytes.set(group, (bytes.get(group) ?? 0) + inputBytes);
  }
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  return { total, rows: [...bytes].filter(([, b]) => b > 0).sort((a, b) => b[1] - a[1]) };
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
  const { total, rows } = groups(bundle.inputs);
  console.log(`  ${'package'.padEnd(42)} ${'minified'.padStart(10)} ${'share'.padStart(6)} ${'~gzip'.padStart(10)}`);
  for (const [group, bytes] of rows) {
    if (bytes < 1000) continue;
    const share = bytes / total;
    // gzip does not split by module: its column spreads the bundle's gzip size by minified share, an estimate.
    console.log(`  ${group.padEnd(42)} ${kB(bytes).padStart(10)} ${(share * 100).toFixed(1).padStart(5)}% ${kB(share * bundle.gzip).padStart(10)}`);
  }
  const small = rows.filter(([, b]) => b < 1000);
  if (small.length > 0) console.log(`  (${small.length} more under 1 kB each: ${kB(small.reduce((a, [, b]) => a + b, 0))} together)`);
}
console.log(`\nMSW's own part, the floor of any MSW browser app: ${kB(mswAlone.gzip)} gzip`);
console.log(`Ours on top of it (contract, core, resources and their libraries): ${kB(main.gzip - mswAlone.gzip)} gzip`);
