import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@pipeline-api/sdk';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser.js';
import { crawlMageUi, crawlReport, TOUR_TRIGGERS, uiTour, type PageVisit } from '../../scripts/mage-ui/crawl.js';
import { buildDemo } from '../../scripts/mage-ui/demo/build.js';
import { serveStatic, type StaticServer } from '../../scripts/mage-ui/demo/static-server.js';
import { timePages, type TimedPage } from '../../scripts/mage-ui/page-timing.js';
import { ensureMageUi } from '../../scripts/mage-ui/wheel.js';
import { parseSettings } from '../../server/cli/options.js';
import { startServer, type StartedServer } from '../../server/cli/server.js';
import { startProxy, type RunningProxy } from '../../server/proxy/proxy.js';
import { FAILING_LOADER_CODE, addCityBlocks } from './blocks.js';
import { nudgeMageQueue } from './mage-queue.js';
import { MAGE_PAGE_BUDGET_MS, settleRun } from './mage-timing.js';
import { API_KEY } from './profile.js';
import { isDone, waitForDone } from './suite-sync.js';
import { withUiTiming, type UiTimingRow } from './ui-timing-report.js';

const MAGE = process.env.REAL_MAGE_URL;
const OWNER = { email: 'admin@admin.com', password: 'admin' };
const REPORT = process.env.REAL_MAGE_REPORT ?? 'docs/compatibility.md';
/** Navigations per page and backend for the timing (the median is reported). */
const SAMPLES = 3;
/** The files that ask Mage for things while this one runs (the editor's runs after it): the timing waits until they are done. */
const OTHER_MAGE_FILES = ['mcp'];
const FILE_TIMEOUT_MS = 600_000;

const signedInClient = async () => {
  const client = createClient({ baseUrl: MAGE!, apiKey: API_KEY, maxRetries: 0 });
  await client.sessions.login(OWNER);
  return client;
};
const nudge = () => nudgeMageQueue(MAGE!);

/** What the tour works on: a tagged pipeline of real Python blocks with a completed run. */
async function prepareMage(suffix: string) {
  const client = await signedInClient();
  const pipeline = await client.pipelines.create({ name: `ui tour ${suffix}` });
  await client.pipelines.update(pipeline.uuid, { tags: ['tour'] });
  await addCityBlocks(client, pipeline.uuid);
  const trigger = await client.pipelines.pipelineSchedules.create(pipeline.uuid, { name: 'tour hook', schedule_type: 'api', status: 'active' });
  const created = await client.pipelineSchedules.pipelineRuns.create(trigger.id, {});
  return { suffix, pipeline: pipeline.uuid, run: await settleRun(client, created.id, nudge) };
}

/**
 * A failed run, for the overview's list of the day's failed runs (what the timing waits for there; the pipeline's
 * name is its uuid). Made once MCP's run is over: after a failed run Mage queues a job for its cancelled block runs,
 * and a block job queued just after that one can be lost (docs/compatibility.md); MCP's wait has no nudge, the tour's
 * has.
 */
async function prepareFailedRun(suffix: string) {
  await waitForDone(['mcp'], FILE_TIMEOUT_MS);
  const client = await signedInClient();
  const failing = await client.pipelines.create({ name: `ui_tour_failing_${suffix}` });
  await client.pipelines.blocks.create(failing.uuid, { name: 'load_nothing', type: 'data_loader', content: FAILING_LOADER_CODE });
  const trigger = await client.pipelines.pipelineSchedules.create(failing.uuid, { name: 'tour failing hook', schedule_type: 'api', status: 'active' });
  const created = await client.pipelineSchedules.pipelineRuns.create(trigger.id, {});
  return { failing: failing.uuid, failed: await settleRun(client, created.id, nudge) };
}

/** The kit's two ways with the demo's scenario: the static demo (no server) and the reference server with `--mage-ui`. */
async function prepareKit(opened: { server?: StartedServer; host?: StaticServer; out?: string }) {
  const { dir } = await ensureMageUi();
  const scenarioFile = fileURLToPath(new URL('../../scripts/mage-ui/demo-scenario.json', import.meta.url));
  opened.out = mkdtempSync(join(tmpdir(), 'real-mage-ui-demo-'));
  await buildDemo({ uiDir: dir, out: opened.out, scenario: JSON.parse(readFileSync(scenarioFile, 'utf8')) as unknown });
  opened.host = await serveStatic(opened.out);
  const quiet = () => undefined;
  opened.server = await startServer(
    parseSettings(['--port', '0', '--quiet', '--fixtures', scenarioFile, '--mage-ui', dir], {}),
    { info: quiet, warn: quiet, requests: quiet },
    (error) => console.error(error.message),
  );
}

/** The uuid of the first pipeline Mage's pipelines page lists (its own call): the text that page shows once its data is in. */
async function firstListedPipeline(): Promise<string> {
  const login = (await fetch(`${MAGE}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({ session: OWNER }),
  }).then((r) => r.json())) as { session: { token: string } };
  const token = (JSON.parse(atob(login.session.token.split('.')[1]!)) as { token: string }).token;
  const listed = (await fetch(`${MAGE}/api/pipelines?_limit=30&include_schedules=1`, { headers: { 'x-api-key': API_KEY, 'oauth-token': token } }).then((r) =>
    r.json(),
  )) as { pipelines: { uuid: string }[] };
  return listed.pipelines[0]!.uuid;
}

/**
 * The tour of server/test/mage-ui-browser.test.ts (uiTour), on a real Mage 0.9.80: the test itself proven on the
 * original. Mage serves its own copy of the UI (`mage_ai/server/frontend_dist` of the same wheel that
 * `npm run mage-ui:fetch` caches); the browser talks to it through the contract proxy, which reports the share of the
 * UI's calls inside the contract. Then, in the same Chromium, how soon the overview, the pipelines list and a run's
 * detail show their data on the static demo, the reference server and Mage (docs/compatibility.md).
 */
describe.skipIf(!MAGE)("Mage's own web UI on a real Mage 0.9.80, in Chromium: the tour the reference server passes", () => {
  let browser: Browser | undefined;
  let proxy: RunningProxy | undefined;
  const kit: { server?: StartedServer; host?: StaticServer; out?: string } = {};
  const suffix = Date.now().toString(36);
  let prepared: Promise<Awaited<ReturnType<typeof prepareMage>>> | undefined;
  let failedRun: Promise<Awaited<ReturnType<typeof prepareFailedRun>>> | undefined;
  // Mage's run settles on its scheduler while the demo is built and the kit's server starts; the failed run is made
  // meanwhile too, for the timing.
  const ready = () =>
    (prepared ??= (async () => {
      failedRun ??= prepareFailedRun(suffix);
      failedRun.catch(() => undefined); // the timing's test reports it
      const [mage] = await Promise.all([prepareMage(suffix), prepareKit(kit), launchChromium().then((b) => (browser = b))]);
      return mage;
    })());
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await kit.server?.close();
    await kit.host?.close();
    if (kit.out) rmSync(kit.out, { recursive: true, force: true });
  });

  it(
    'clicks through the same steps: each lands where it should and shows its data',
    async () => {
      const mage = await ready();
      expect(mage.run.value.status, mage.run.states.join(' -> ')).toBe('completed');

      proxy = await startProxy({ target: MAGE!, log: () => undefined });
      const tour = uiTour({ pipeline: mage.pipeline, search: mage.suffix, tag: 'tour', block: 'to_fahrenheit' }, MAGE_PAGE_BUDGET_MS);
      const result = await crawlMageUi(browser!, proxy.url, OWNER, { pages: tour, budgetMs: MAGE_PAGE_BUDGET_MS });
      const report = proxy.report();
      const calls = [result.signIn, ...result.pages].reduce((n, visit) => n + visit.calls.length, 0);
      console.log(`${crawlReport(result)}\nproxy: ${report.checked} of the UI's ${calls} API calls inside the contract`);

      const step = (name: string) => result.pages.find((visit) => visit.name === name)!;
      const failed = (visit: PageVisit) => visit.pageErrors.filter((error) => error.startsWith('step failed'));
      expect(result.signIn.landedOn).toMatch(/^\/overview/);
      for (const visit of result.pages) expect(failed(visit), visit.name).toEqual([]);
      expect(step('pipelines list, searched').text).toContain(mage.pipeline);
      expect(step('pipelines list, filtered by a tag').text).toContain(mage.pipeline);
      expect(step("a pipeline's triggers").text).toContain('tour hook');
      expect(step('a new API trigger').landedOn).toMatch(/\/triggers\/\d+$/);
      expect(step('a new API trigger').text).toContain(TOUR_TRIGGERS.api);
      expect(step('a new cron trigger').text).toContain(TOUR_TRIGGERS.cronExpression);
      expect(step('a run').text).toContain('to_fahrenheit');
      expect(step("a block run's logs").text).toMatch(/[1-9]\d* logs? found/);
      expect(step('global triggers').text).toContain(TOUR_TRIGGERS.api);
      expect(step('signed out').landedOn).toMatch(/^\/sign-in/);
    },
    FILE_TIMEOUT_MS,
  );

  it(
    'times each page to its data on the static demo, the reference server and Mage, in one Chromium, into the report',
    async () => {
      const mage = { ...(await ready()), ...(await failedRun!) };
      expect(mage.failed.value.status, mage.failed.states.join(' -> ')).toBe('failed');
      // Mage answers only this file's pages while they are timed.
      const busy = await waitForDone(OTHER_MAGE_FILES, FILE_TIMEOUT_MS);
      const chromium = browser!;
      const backends = [
        { name: 'demo', url: kit.host!.url },
        { name: 'server', url: kit.server!.url },
        { name: 'mage', url: MAGE! },
      ];
      const signedIn = await Promise.all(
        backends.map(async (backend) => {
          const context = await chromium.newContext({ viewport: { width: 1280, height: 800 } });
          // Signed in once each (the demo's first visit registers its worker): every timed navigation is a return visit.
          await crawlMageUi(chromium, backend.url, OWNER, { pages: [], context, budgetMs: MAGE_PAGE_BUDGET_MS });
          return { ...backend, context };
        }),
      );
      /** A page: where it is and what it shows on the kit's two ways (the demo's scenario), and on Mage. */
      const timed = (name: string, kit: { path: string; shows: string }, onMage: { path: string; shows: string }): TimedPage => ({
        name,
        on: new Map([
          ['demo', kit],
          ['server', kit],
          ['mage', onMage],
        ]),
      });
      const pages = [
        timed('overview', { path: '/overview', shows: 'flaky_export' }, { path: '/overview', shows: mage.failing }),
        timed('pipelines list', { path: '/pipelines', shows: 'warehouse_sync' }, { path: '/pipelines', shows: await firstListedPipeline() }),
        timed(
          "a run's detail",
          { path: '/pipelines/daily_sales/runs/1', shows: 'export_report' },
          { path: `/pipelines/${mage.pipeline}/runs/${mage.run.value.id}`, shows: 'to_fahrenheit' },
        ),
      ];
      const load = loadavg()
        .map((n) => n.toFixed(1))
        .join(', ');
      const medians = await timePages(signedIn, pages, SAMPLES, MAGE_PAGE_BUDGET_MS);
      await Promise.all(signedIn.map((backend) => backend.context.close()));
      const rows: UiTimingRow[] = pages.map((page) => {
        const of = medians.get(page.name)!;
        return { page: page.name, demo: of.get('demo')!, server: of.get('server')!, mage: of.get('mage')! };
      });
      console.log(
        [
          `Navigation to the page's data, median of ${SAMPLES} (ms), one Chromium, backends alternating, load ${load}${busy.length ? `, while ${busy.join(' and ')} had not finished` : ''}:`,
          '| page | static demo | reference server | Mage | demo / Mage | server / Mage |',
          ...rows.map(
            (r) =>
              `| ${r.page} | ${r.demo.toFixed(0)} | ${r.server.toFixed(0)} | ${r.mage.toFixed(0)} | ${(r.demo / r.mage).toFixed(2)} | ${(r.server / r.mage).toFixed(2)} |`,
          ),
        ].join('\n'),
      );
      // Into the report this run wrote (mage.real.test.ts, before this file started); never into one it did not.
      if (isDone('report')) {
        const target = join(fileURLToPath(new URL('../..', import.meta.url)), REPORT);
        writeFileSync(target, withUiTiming(readFileSync(target, 'utf8'), { rows, samples: SAMPLES, load }));
      }
      for (const row of rows) for (const ms of [row.demo, row.server, row.mage]) expect(ms, row.page).toBeGreaterThan(0);
    },
    2 * FILE_TIMEOUT_MS,
  );
});
