import { fileURLToPath } from 'node:url';
import { contract } from '@pipeline-api/contract';
import { ApiError, RouteTable } from '@pipeline-api/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../conformance/browser.js';
import { crawlMageUi, FIXTURE_TOUR, TOUR_TRIGGERS, uiTour, type ApiCall, type PageVisit } from '../../scripts/mage-ui/crawl.js';
import { ensureMageUi } from '../../scripts/mage-ui/wheel.js';
import { parseSettings } from '../cli/options.js';
import { startServer, type StartedServer } from '../cli/server.js';
import { OWNER } from './harness.js';

/**
 * Routes Mage's UI calls that this server may not have yet (docs/mage-ui.md, "What works"): a call to one of these
 * may answer "No route" while the contract has no such route; any other error, or "No route" for anything else (or
 * for one of these once the contract routes it), fails the test. A line whose route the contract has is obsolete.
 */
const NOT_ROUTED_YET: RegExp[] = [];

/**
 * Signing out: Mage's UI drops its token first, then sends `PUT /api/sessions/1` without one, which this server
 * refuses (403: nobody to sign out); the UI ignores the answer and shows the sign-in page.
 */
const TOKENLESS_LOGOUT = (call: ApiCall) => call.method === 'PUT' && /^\/api\/sessions\/1$/.test(call.path) && call.error?.code === 403;

/**
 * Mage's own overview chart draws its bars before it has measured its box: with runs to count (monitor stats), each
 * bar logs a negative `<rect>` height. A real Mage 0.9.80 logs the same (docs/mage-ui.md); nothing else may.
 */
const MAGE_CHART_QUIRK = /^Error: <rect> attribute height: A negative value is not valid\. \("-\d+(\.\d+)?"\)$/;
const unexpectedConsoleErrors = (visit: PageVisit) => visit.consoleErrors.filter((error) => !MAGE_CHART_QUIRK.test(error));

const contractRoutes = new RouteTable(contract);
/** Whether the contract has a route for the call (then "No route" is a failure, whatever NOT_ROUTED_YET says). */
const inContract = (method: string, path: string) => !(contractRoutes.resolve(method, path) instanceof ApiError);

/** Calls that answered an error other than a route this server does not have yet. */
function unexpectedErrors(calls: ApiCall[]): string[] {
  return calls
    .filter((call) => call.error !== undefined && !TOKENLESS_LOGOUT(call))
    .filter((call) => {
      const path = call.path.split('?')[0]!;
      const notRouted = call.error!.type === 'record_not_found' && call.error!.message?.startsWith('No route for');
      return !(notRouted && NOT_ROUTED_YET.some((route) => route.test(path)) && !inContract(call.method, path));
    })
    .map((call) => `${call.method} ${call.path}: ${call.error!.code} ${call.error!.message}`);
}

/** What every page must show: its files served, nothing blocked by the CSP, no uncaught exception. */
function expectCleanStatic(visit: PageVisit) {
  expect(visit.assetFailures, visit.name).toEqual([]);
  expect(visit.cspViolations, visit.name).toEqual([]);
  expect(visit.pageErrors, visit.name).toEqual([]);
  for (const asset of visit.assets.filter((a) => a.path.startsWith('/_next/static/'))) {
    const expected = asset.path.endsWith('.js') ? 'text/javascript; charset=utf-8' : asset.path.endsWith('.css') ? 'text/css; charset=utf-8' : undefined;
    if (expected) expect(asset.type, asset.path).toBe(expected);
  }
}

const byName = (visits: PageVisit[], name: string) => visits.find((visit) => visit.name === name)!;

describe("Mage's own web UI (mage-ai 0.9.80's frontend) on the reference server, in Chromium", () => {
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    // The pinned wheel's frontend, from the per-user cache (downloaded from PyPI the first time).
    const { dir } = await ensureMageUi();
    const fixtures = fileURLToPath(new URL('../../scripts/mage-ui/fixtures.json', import.meta.url));
    const settings = parseSettings(['--port', '0', '--quiet', '--fixtures', fixtures, '--mage-ui', dir], {});
    const quiet = () => undefined;
    server = await startServer(settings, { info: quiet, warn: quiet, requests: quiet }, (error) => console.error(error.message));
    browser = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * One crawl serves both tests (the pages load once): it signs in through the form, then takes the clicking tour.
   * No call is answered by the browser (crawl.ts's stubBootCalls is for a server that routes less): every answer is
   * the server's, so a "No route" anywhere fails.
   */
  let crawl: Promise<{ signIn: PageVisit; pages: PageVisit[] }> | undefined;
  const tour = () => (crawl ??= crawlMageUi(browser, server.url, OWNER, { pages: uiTour(FIXTURE_TOUR) }));

  it('signs in through its form and lists the runs on /pipeline-runs; its files load under the CSP', async () => {
    const { signIn, pages } = await tour();
    for (const visit of [signIn, byName(pages, 'overview'), byName(pages, 'global runs')]) {
      expectCleanStatic(visit);
      expect(unexpectedErrors(visit.calls), visit.name).toEqual([]);
    }
    expect(signIn.assets.some((asset) => asset.path.startsWith('/_next/static/chunks/pages/sign-in'))).toBe(true);
    const login = signIn.calls.find((call) => call.method === 'POST' && call.path === '/api/sessions');
    expect(login).toMatchObject({ httpStatus: 200 });
    expect(login!.error).toBeUndefined();

    const runs = byName(pages, 'global runs');
    expect(runs.calls.some((call) => call.path.startsWith('/api/pipeline_runs?') && call.error === undefined)).toBe(true);
    expect(runs.text).toContain('flaky_export');
    expect(runs.text).toContain('hourly export');
  }, 480_000);

  it('clicks through: search, a tag filter, triggers created and toggled, runs, a run and its logs, sign out', async () => {
    const { signIn, pages } = await tour();
    expect(signIn.landedOn).toMatch(/^\/overview/);
    for (const visit of [signIn, ...pages]) {
      expectCleanStatic(visit);
      expect(unexpectedConsoleErrors(visit), visit.name).toEqual([]);
      expect(unexpectedErrors(visit.calls), visit.name).toEqual([]);
    }
    const step = (name: string) => byName(pages, name);
    const called = (visit: PageVisit, method: string, path: RegExp) => visit.calls.some((c) => c.method === method && path.test(c.path) && !c.error);

    // The overview's failed runs (today's, UTC: the fixtures' failed run is made as the server starts).
    expect(called(step('overview'), 'GET', /^\/api\/pipeline_runs\?.*include_pipeline_type=1.*status=failed/)).toBe(true);
    expect(step('overview').text).toContain('flaky_export');
    expect(step('pipelines list').text).toMatch(/daily_sales.*flaky_export/);
    expect(called(step('pipelines list'), 'GET', /^\/api\/pipelines\?.*include_schedules=1/)).toBe(true);
    for (const name of ['pipelines list, searched', 'pipelines list, filtered by a tag']) {
      expect(step(name).text, name).toContain('daily_sales');
      expect(step(name).text, name).not.toContain('flaky_export');
    }
    expect(called(step('pipelines list, searched'), 'GET', /search=daily/)).toBe(true);
    expect(called(step('pipelines list, filtered by a tag'), 'GET', /tag\[\]=sales/)).toBe(true);
    expect(step("a pipeline's triggers").text).toMatch(/on demand.*every morning|every morning.*on demand/);

    expect(step('a new API trigger').landedOn).toMatch(/^\/pipelines\/daily_sales\/triggers\/\d+$/);
    expect(called(step('a new API trigger'), 'POST', /^\/api\/pipelines\/daily_sales\/pipeline_schedules$/)).toBe(true);
    expect(step('a new API trigger').text).toContain(TOUR_TRIGGERS.api);
    expect(step('a new API trigger').text).toMatch(/\/api\/pipeline_schedules\/\d+\/pipeline_runs\/[0-9a-f]{32}/);
    expect(step('a new cron trigger').text).toContain(TOUR_TRIGGERS.cronExpression);
    expect(called(step('a trigger toggled on'), 'PUT', /^\/api\/pipeline_schedules\/\d+$/)).toBe(true);

    expect(step("a pipeline's runs").text).toContain('on demand');
    expect(step('a run').landedOn).toMatch(/^\/pipelines\/daily_sales\/runs\/\d+$/);
    expect(called(step('a run'), 'GET', /^\/api\/pipeline_runs\/\d+\/blocks/)).toBe(true);
    expect(step('a run').text).toContain('clean_orders');
    expect(step("a block run's logs").text).toMatch(/[1-9]\d* logs? found/);
    expect(step("a block run's logs").text).toContain('Finish executing block clean_orders.');

    expect(step('global triggers').text).toContain(TOUR_TRIGGERS.api);
    expect(step('global triggers').text).toContain('hourly export');
    expect(step('global runs').text).toContain('flaky_export');
    expect(step('signed out').landedOn).toMatch(/^\/sign-in/);
    expect(step('signed out').calls.some((c) => c.method === 'PUT' && c.path === '/api/sessions/1')).toBe(true);
    for (const visit of pages)
      expect(
        visit.pageErrors.filter((e) => e.startsWith('step failed')),
        visit.name,
      ).toEqual([]);
  }, 480_000);
});
