import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '@pipeline-api/contract';
import { ApiError, RouteTable } from '@pipeline-api/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../conformance/browser.js';
import { crawlMageUi, FIXTURE_TOUR, TOUR_TRIGGERS, uiTour, type ApiCall, type PageVisit } from '../../scripts/mage-ui/crawl.js';
import { buildDemo } from '../../scripts/mage-ui/demo/build.js';
import { DEMO_RESET_PAGE } from '../../scripts/mage-ui/demo/layout.js';
import { serveStatic, type StaticServer } from '../../scripts/mage-ui/demo/static-server.js';
import { ensureMageUi } from '../../scripts/mage-ui/wheel.js';
import { parseSettings } from '../cli/options.js';
import { startServer } from '../cli/server.js';
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
/**
 * Signing out, Mage's UI sends itself to /sign-in twice (its sign-out handler, and its boot check seeing no token):
 * when the second starts before the first has loaded the page's code, Next's router logs the first as aborted. The
 * faster the backend answers, the likelier (seen on the static demo); the page still lands on the sign-in form.
 */
const SIGN_OUT_RACE = 'Error: Abort fetching component for route: "/sign-in"';
const unexpectedConsoleErrors = (visit: PageVisit) =>
  visit.consoleErrors.filter((error) => !MAGE_CHART_QUIRK.test(error) && !(visit.name === 'signed out' && error.startsWith(SIGN_OUT_RACE)));

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
    // The type itself (the server adds `charset=utf-8`, which server/test/mage-ui.test.ts checks; a static host may not).
    const expected = asset.path.endsWith('.js') ? 'text/javascript' : asset.path.endsWith('.css') ? 'text/css' : undefined;
    if (expected) expect(asset.type.split(';')[0], asset.path).toBe(expected);
  }
}

const byName = (visits: PageVisit[], name: string) => visits.find((visit) => visit.name === name)!;

/** A backend the tour runs against: where the UI is, and what to stop afterwards. */
interface Backend {
  url: string;
  /** The static demo's host (what it was asked for) and every request the context made. */
  host?: StaticServer;
  requests?: string[];
  /** The browser context the tour ran in (the demo's keeps its worker and its state for the checks after it). */
  context: BrowserContext;
  close(): Promise<void>;
}

const quiet = () => undefined;
/** Mage's public client id: its UI sends it with every call (not a secret). */
const MAGE_PUBLIC_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

/** The reference server with `--mage-ui` and the tour's fixtures. */
async function referenceServer(browser: Browser, dir: string): Promise<Backend> {
  const fixtures = fileURLToPath(new URL('../../scripts/mage-ui/fixtures.json', import.meta.url));
  const settings = parseSettings(['--port', '0', '--quiet', '--fixtures', fixtures, '--mage-ui', dir], {});
  const server = await startServer(settings, { info: quiet, warn: quiet, requests: quiet }, (error) => console.error(error.message));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return { url: server.url, context, close: async () => (await context.close(), await server.close()) };
}

/** The static demo (`npm run mage-ui:demo`) served by `python3 -m http.server`: no API server runs. */
async function staticDemo(browser: Browser, dir: string): Promise<Backend> {
  const out = mkdtempSync(join(tmpdir(), 'mage-ui-demo-'));
  const scenario: unknown = JSON.parse(readFileSync(fileURLToPath(new URL('../../scripts/mage-ui/demo-scenario.json', import.meta.url)), 'utf8'));
  await buildDemo({ uiDir: dir, out, scenario });
  const host = await serveStatic(out);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Every request the page and its worker make, to check that none leaves the demo's folder.
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  return {
    host,
    requests,
    url: host.url,
    context,
    close: async () => {
      await context.close();
      await host.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

/** A backend started once for the file, with its browser and its one tour: the tour's tests and the demo's own share it. */
function leg(start: (browser: Browser, dir: string) => Promise<Backend>) {
  let started: Promise<{ browser: Browser; backend: Backend }> | undefined;
  let crawl: Promise<{ signIn: PageVisit; pages: PageVisit[] }> | undefined;
  const up = () =>
    (started ??= (async () => {
      // The pinned wheel's frontend, from the per-user cache (downloaded from PyPI the first time).
      const { dir } = await ensureMageUi();
      const browser = await launchChromium();
      try {
        return { browser, backend: await start(browser, dir) };
      } catch (error) {
        await browser.close();
        throw error;
      }
    })());
  return {
    up,
    /**
     * One crawl serves every test (the pages load once): it signs in through the form, then takes the clicking tour.
     * No call is answered by the test (crawl.ts's stubBootCalls is for a server that routes less): every answer is
     * the backend's, so a "No route" anywhere fails.
     */
    tour: async () => {
      const { browser, backend } = await up();
      return (crawl ??= crawlMageUi(browser, backend.url, OWNER, { pages: uiTour(FIXTURE_TOUR), context: backend.context }));
    },
    async close() {
      if (!started) return;
      const { browser, backend } = await started;
      await backend.close();
      await browser.close();
    },
  };
}

const legs = { server: leg(referenceServer), demo: leg(staticDemo) };

describe.each([
  // The server's leg is done after its tour; the demo's stays open for its own checks below.
  { backend: 'the reference server', use: legs.server, closeAfter: true },
  { backend: 'the static demo (no server: the mocks in a service worker)', use: legs.demo, closeAfter: false },
])("Mage's own web UI (mage-ai 0.9.80's frontend) on $backend, in Chromium", ({ use, closeAfter }) => {
  beforeAll(() => use.up(), 600_000);
  afterAll(() => (closeAfter ? use.close() : undefined));
  const tour = () => use.tour();

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

describe('the static demo beyond the tour: nothing leaves the page, deep links, state kept, time moving, reset', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = (await legs.demo.up()).backend;
    await legs.demo.tour();
  }, 900_000);
  afterAll(() => legs.demo.close());
  const tour = () => legs.demo.tour();
  const demo = {
    get url() {
      return backend.url;
    },
    get context() {
      return backend.context;
    },
    get host() {
      return backend.host!;
    },
    get requests() {
      return backend.requests!;
    },
  };

  /** A call to the demo's API from its page, as Mage's UI makes them (the public key; a session token when given). */
  const call = (page: Page, method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    page.evaluate(
      async ({ method, path, body, token, key }) => {
        const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-API-KEY': key };
        if (token) headers.Authorization = `Bearer ${token}`;
        const answer = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        return (await answer.json()) as Record<string, any>;
      },
      { method, path, body: options.body, token: options.token, key: MAGE_PUBLIC_KEY },
    );
  const signIn = async (page: Page) => {
    const login = await call(page, 'POST', '/api/sessions', { body: { session: { email: OWNER.email, password: OWNER.password } } });
    const raw = String(login.session.token);
    return String((JSON.parse(Buffer.from(raw.split('.')[1]!, 'base64url').toString('utf8')) as { token: string }).token);
  };

  it('answers every API call in the page: the host sees only requests for its files, all from its own origin', async () => {
    const { signIn: signedIn, pages } = await tour();
    const calls = [signedIn, ...pages].flatMap((visit) => visit.calls);
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.filter((c) => !c.fromServiceWorker).map((c) => c.path)).toEqual([]);
    expect(demo.host.requests().filter((line) => / \/api[/?]/.test(line))).toEqual([]);
    expect(demo.requests.filter((url) => new URL(url).origin !== demo.url && !url.startsWith('data:'))).toEqual([]);
  }, 300_000);

  it('answers a deep link typed after the first visit, and keeps its state when its worker stops and starts again', async () => {
    const page = await demo.context.newPage();
    try {
      const deepLink = await page.goto(`${demo.url}/pipelines/daily_sales/triggers`);
      expect(deepLink!.fromServiceWorker()).toBe(true);
      expect(deepLink!.headers()['content-security-policy']).toContain("connect-src 'self'");
      await page.waitForURL(/\/sign-in|\/triggers/, { timeout: 20_000 });
      // The worker is stopped as a browser stops an idle one: the next call starts it again from IndexedDB.
      const cdp = await demo.context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      const token = await signIn(page);
      const triggers = await call(page, 'GET', '/api/pipeline_schedules?_limit=100', { token });
      const names = (triggers.pipeline_schedules as { name: string }[]).map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['every morning', 'on demand', TOUR_TRIGGERS.api]));
    } finally {
      await page.close();
    }
  }, 120_000);

  it('runs a run on the browser’s clock: it completes while the page watches', async () => {
    const page = await demo.context.newPage();
    try {
      await page.goto(`${demo.url}${DEMO_RESET_PAGE}`);
      const token = await signIn(page);
      const triggers = await call(page, 'GET', '/api/pipeline_schedules?_limit=100', { token });
      const onDemand = (triggers.pipeline_schedules as { id: number; name: string }[]).find((t) => t.name === 'on demand')!;
      const created = await call(page, 'POST', `/api/pipeline_schedules/${onDemand.id}/pipeline_runs`, { token, body: { pipeline_run: { variables: {} } } });
      const id = created.pipeline_run.id as number;
      let status = created.pipeline_run.status as string;
      // Three blocks of 2 s each on the browser's clock: bounded, and no assertion on how long it took.
      for (let polls = 0; polls < 60 && status !== 'completed' && status !== 'failed'; polls++) {
        await page.waitForTimeout(1000);
        status = (await call(page, 'GET', `/api/pipeline_runs/${id}`, { token })).pipeline_run.status as string;
      }
      expect(status).toBe('completed');
    } finally {
      await page.close();
    }
  }, 120_000);

  it('resets from its own page, outside Mage’s UI: the scenario’s first state, signed out', async () => {
    const page = await demo.context.newPage();
    try {
      await page.goto(`${demo.url}${DEMO_RESET_PAGE}`);
      await page.getByRole('button', { name: 'Reset the demo' }).click();
      await page.waitForURL(/\/sign-in/, { timeout: 30_000 });
      const token = await signIn(page);
      const names = ((await call(page, 'GET', '/api/pipeline_schedules?_limit=100', { token })).pipeline_schedules as { name: string }[]).map((t) => t.name);
      expect(names).toContain('every morning');
      expect(names).not.toContain(TOUR_TRIGGERS.api);
    } finally {
      await page.close();
    }
  }, 120_000);
});
