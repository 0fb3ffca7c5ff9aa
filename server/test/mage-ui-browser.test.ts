import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../conformance/browser.js';
import { crawlMageUi, type ApiCall, type PageVisit } from '../../scripts/mage-ui/crawl.js';
import { ensureMageUi } from '../../scripts/mage-ui/wheel.js';
import { parseSettings } from '../cli/options.js';
import { startServer, type StartedServer } from '../cli/server.js';
import { OWNER } from './harness.js';

/**
 * Routes Mage's UI calls that this server does not have yet (docs/mage-ui.md, "What works"): a call to one of these
 * may answer "No route"; any other error, or "No route" for anything else, fails the test.
 */
const NOT_ROUTED_YET = [
  /^\/api\/statuses$/,
  /^\/api\/projects$/,
  /^\/api\/oauths$/,
  /^\/api\/tags$/,
  /^\/api\/git_branches\/[^/]+$/,
  /^\/api\/monitor_stats\/[^/]+$/,
  /^\/api\/client_pages\/[^/]+$/,
  /^\/api\/pipelines\/[^/]+\/(variables|pipeline_triggers)$/,
  /^\/api\/pipeline_runs\/\d+\/blocks$/,
];

/** Calls that answered an error other than a route this server does not have yet. */
function unexpectedErrors(calls: ApiCall[]): string[] {
  return calls
    .filter((call) => call.error !== undefined)
    .filter((call) => {
      const path = call.path.split('?')[0]!;
      const notRouted = call.error!.type === 'record_not_found' && call.error!.message?.startsWith('No route for');
      return !(notRouted && NOT_ROUTED_YET.some((route) => route.test(path)));
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

  it('signs in through its form and lists the runs on /pipeline-runs; its files load under the CSP', async () => {
    const { signIn, pages } = await crawlMageUi(browser, server.url, OWNER, {
      pages: [
        { name: 'global runs', path: '/pipeline-runs', waitFor: 'hourly export' },
        { name: 'overview', path: '/overview' },
      ],
    });
    for (const visit of [signIn, ...pages]) {
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
  }, 180_000);

  // Until the server routes statuses, projects and oauths, the browser answers them (crawl.ts, stubBootCalls), so
  // the pages reach their own calls: these pages render this server's data as Mage's UI reads it.
  it('with the three boot calls answered in the browser, renders the overview, triggers, runs, a run and users', async () => {
    const { signIn, pages } = await crawlMageUi(browser, server.url, OWNER, {
      stubBootCalls: true,
      pages: [
        { name: 'overview', path: '/overview', waitFor: 'Latest pipeline run failures' },
        { name: "a pipeline's triggers", path: '/pipelines/daily_sales/triggers', waitFor: 'every morning' },
        { name: "a pipeline's runs", path: '/pipelines/daily_sales/runs', waitFor: 'on demand' },
        { name: 'global triggers', path: '/triggers', waitFor: 'hourly export' },
        { name: 'a run', path: '/pipelines/daily_sales/runs/1', waitFor: 'clean_orders' },
        { name: 'users', path: '/settings/workspace/users', waitFor: 'ada@example.com' },
      ],
    });
    expect(signIn.landedOn).toMatch(/^\/overview/);
    for (const visit of [signIn, ...pages]) {
      expectCleanStatic(visit);
      expect(visit.consoleErrors, visit.name).toEqual([]);
      expect(unexpectedErrors(visit.calls), visit.name).toEqual([]);
    }
    // Its failed-runs list asks for today's runs (UTC): the fixtures' failed run may be yesterday's just after midnight.
    const overview = byName(pages, 'overview');
    expect(overview.text).toContain('Latest pipeline run failures');
    expect(overview.calls.some((call) => call.path.startsWith('/api/pipeline_runs?') && call.path.includes('status=failed') && !call.error)).toBe(true);
    expect(byName(pages, "a pipeline's triggers").text).toMatch(/on demand.*every morning|every morning.*on demand/);
    expect(byName(pages, "a pipeline's runs").text).toContain('on demand');
    expect(byName(pages, 'global triggers').text).toContain('hourly export');
    expect(byName(pages, 'a run').text).toContain('clean_orders');
    expect(byName(pages, 'users').text).toContain('ada@example.com');
  }, 240_000);
});
