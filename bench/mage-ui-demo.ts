/**
 * Mage's own web UI on the kit's two backends, side by side in one Chromium: the static demo (the mocks in a service
 * worker, served by `python3 -m http.server`) and the reference server with `--mage-ui`, both with the demo's
 * scenario. For each page (the overview, the pipelines list, a run's detail) it times a navigation to the moment the
 * page shows its data (the main content: text only an API answer puts there), alternating the backends, and prints
 * the medians. Then the bytes the demo adds to Mage's own files at a first visit, against its budget (exit 1 when
 * over: a size is deterministic, unlike a time). Real Mage's times come from `npm run test:real-mage`.
 *
 * Run: npm run bench:mage-ui-demo  (`-- --smoke`: one sample of one page)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../conformance/browser.js';
import { crawlMageUi } from '../scripts/mage-ui/crawl.js';
import { buildDemo } from '../scripts/mage-ui/demo/build.js';
import { serveStatic } from '../scripts/mage-ui/demo/static-server.js';
import { ensureMageUi } from '../scripts/mage-ui/wheel.js';
import { parseSettings } from '../server/cli/options.js';
import { startServer } from '../server/cli/server.js';
import { sized, SMOKE } from './smoke.js';

/** What the demo may add to Mage's first visit: the worker (the mocks' engine and the scenario) and the start page. */
const BUDGET_BYTES = 400 * 1024;
const SAMPLES = sized(7, 1);
const OWNER = { email: 'admin@admin.com', password: 'admin' };
/** Each page, and text only its data puts on it. */
const PAGES = [
  { name: 'overview', path: '/overview', shows: 'flaky_export' },
  { name: 'pipelines list', path: '/pipelines', shows: 'warehouse_sync' },
  { name: "a run's detail", path: '/pipelines/daily_sales/runs/1', shows: 'export_report' },
] as const;
/** The pages timed: a smoke run times the first (each page is the same code path; the tour's tests visit them all). */
const TIMED = sized<readonly (typeof PAGES)[number][]>(PAGES, PAGES.slice(0, 1));

const scenarioFile = fileURLToPath(new URL('../scripts/mage-ui/demo-scenario.json', import.meta.url));
const { dir } = await ensureMageUi({ log: (line) => console.error(`mage-ui: ${line}`) });
const out = mkdtempSync(join(tmpdir(), 'bench-mage-ui-demo-'));
const quiet = () => undefined;
const { addedBytes } = await buildDemo({ uiDir: dir, out, scenario: JSON.parse(readFileSync(scenarioFile, 'utf8')) as unknown });
const host = await serveStatic(out);
const server = await startServer(
  parseSettings(['--port', '0', '--quiet', '--fixtures', scenarioFile, '--mage-ui', dir], {}),
  { info: quiet, warn: quiet, requests: quiet },
  (error) => console.error(error.message),
);
const browser = await launchChromium();
const verdict = { overBudget: false };
try {
  const backends = [
    { name: 'static demo', url: host.url, context: await browser.newContext({ viewport: { width: 1280, height: 800 } }) },
    { name: 'reference server', url: server.url, context: await browser.newContext({ viewport: { width: 1280, height: 800 } }) },
  ];
  // Signed in once each (the demo's first visit registers its worker): then every navigation is a return visit.
  for (const backend of backends) await crawlMageUi(browser, backend.url, OWNER, { pages: [], context: backend.context });
  const times = new Map<string, number[]>();
  for (let sample = 0; sample < SAMPLES; sample++)
    for (const page of TIMED)
      for (const backend of backends) {
        const ms = await timeTo(backend.context, backend.url + page.path, page.shows);
        const key = `${page.name}|${backend.name}`;
        times.set(key, [...(times.get(key) ?? []), ms]);
      }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`\nNavigation to the page's data, median of ${SAMPLES} (ms), one Chromium, backends alternating:\n`);
  console.log('| page | static demo | reference server | demo / server |');
  console.log('|---|---|---|---|');
  for (const page of TIMED) {
    const demo = median(times.get(`${page.name}|static demo`)!);
    const kit = median(times.get(`${page.name}|reference server`)!);
    console.log(`| ${page.name} | ${demo.toFixed(0)} | ${kit.toFixed(0)} | ${(demo / kit).toFixed(2)} |`);
  }
  const mageFirstVisit = await firstVisitBytes(await browser.newContext(), server.url);
  const added = addedBytes.worker + addedBytes.start + addedBytes.kernel;
  verdict.overBudget = added > BUDGET_BYTES;
  console.log(`\nBytes at a first visit of /sign-in: Mage's own files ${kib(mageFirstVisit)}; the demo adds ${kib(added)}`);
  console.log(
    `(the worker ${kib(addedBytes.worker)}, the start page's script ${kib(addedBytes.start)}, the kernel script ${kib(addedBytes.kernel)}): ${((100 * added) / mageFirstVisit).toFixed(1)}% more,`,
  );
  console.log(`budget ${kib(BUDGET_BYTES)}: ${verdict.overBudget ? 'OVER BUDGET' : 'within it'}${SMOKE ? ' (smoke run: the figures mean nothing)' : ''}`);
} finally {
  await browser.close();
  await server.close();
  await host.close();
  rmSync(out, { recursive: true, force: true });
}
if (verdict.overBudget) process.exitCode = 1;

function kib(bytes: number) {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

/** Milliseconds from asking for the page to its data showing. */
async function timeTo(context: BrowserContext, url: string, shows: string): Promise<number> {
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.getByText(shows).first().waitFor({ timeout: 30_000 });
    return performance.now() - started;
  } finally {
    await page.close();
  }
}

/** The bytes of Mage's files (not the API's answers) a fresh browser loads for the sign-in page. */
async function firstVisitBytes(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  let bytes = 0;
  const sizes: Promise<void>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) return;
    sizes.push(
      response.body().then(
        (body) => void (bytes += body.length),
        () => undefined,
      ),
    );
  });
  try {
    await page.goto(`${url}/sign-in`, { waitUntil: 'networkidle' });
    await Promise.all(sizes);
    return bytes;
  } finally {
    await context.close();
  }
}
