import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';

/** One API call the UI made, as the browser saw it. */
export interface ApiCall {
  method: string;
  /** Path and query, without the api_key the UI adds to every call. */
  path: string;
  httpStatus: number;
  /** The envelope's error, when it answered one. */
  error?: { code?: number; type?: string; message?: string };
  /** Answered by the page's service worker (the static demo), not by a server. */
  fromServiceWorker: boolean;
}

export interface PageVisit {
  name: string;
  path: string;
  /** Where the UI ended up (it redirects, e.g. to /sign-in or adds ?_limit=30). */
  landedOn: string;
  calls: ApiCall[];
  /** console.error lines (CSP violations among them). */
  consoleErrors: string[];
  /** Uncaught exceptions. */
  pageErrors: string[];
  /** Requests for the UI's own files (not /api) that failed or answered an error status. */
  assetFailures: string[];
  /** Requests for the UI's own files that succeeded: path and content type. */
  assets: { path: string; type: string }[];
  /** Content-Security-Policy violations reported by the page (directive and blocked URL). */
  cspViolations: string[];
  /** The page's visible text (its first 4000 characters): what a person sees. */
  text: string;
}

/**
 * A step of the crawl: a page to open (or, with `stay`, the page the previous step left), `waitFor`: text the page
 * shows once its data is in (the crawl waits for it, within its budget), and `interact`: what a person does there
 * (the calls it makes count as this step's).
 */
export interface PageToVisit {
  name: string;
  path: string;
  waitFor?: string;
  stay?: boolean;
  interact?: (page: Page, baseUrl: string) => Promise<void>;
}

export const CRAWLED_PAGES: readonly PageToVisit[] = [
  { name: 'overview', path: '/overview' },
  { name: 'pipelines list', path: '/pipelines' },
  { name: "a pipeline's triggers", path: '/pipelines/daily_sales/triggers' },
  { name: "a pipeline's runs", path: '/pipelines/daily_sales/runs' },
  { name: 'global triggers', path: '/triggers' },
  { name: 'global runs', path: '/pipeline-runs' },
  { name: 'a run of the pipeline', path: '/pipelines/daily_sales/runs/1' },
  { name: 'a trigger of the pipeline', path: '/pipelines/daily_sales/triggers/1' },
  { name: 'settings', path: '/settings/workspace/users' },
];

/** What the tour works on: a pipeline with runs, a word of its uuid, one of its tags, a block of its runs. */
export interface TourData {
  pipeline: string;
  search: string;
  tag: string;
  block: string;
}

/** What the tour works on in scripts/mage-ui/fixtures.json. */
export const FIXTURE_TOUR: TourData = { pipeline: 'daily_sales', search: 'daily', tag: 'sales', block: 'clean_orders' };

/** Names the tour gives what it creates. */
export const TOUR_TRIGGERS = { api: 'tour api trigger', cron: 'tour weekly trigger', cronExpression: '0 6 * * 1' } as const;

export const button = (page: Page, name: RegExp) => page.getByRole('button', { name }).first();
/** The answer to the call a step's action makes (a step that fails before awaiting it leaves no unhandled rejection). */
export function afterCall(page: Page, method: string, path: RegExp, budgetMs = PAGE_BUDGET_MS) {
  const answer = page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname + new URL(r.url()).search), {
    timeout: budgetMs,
  });
  answer.catch(() => undefined);
  return answer;
}

/** Opens "New trigger" on a pipeline's triggers page: Mage creates a trigger and opens its form. */
async function newTrigger(page: Page, name: string, budgetMs: number) {
  // The form saves to the trigger it has read: saved before that read answers, it PUTs to /api/pipeline_schedules
  // without an id (seen on a real Mage, slower to answer than the reference server).
  const loaded = afterCall(page, 'GET', /^\/api\/pipeline_schedules\/\d+\?/, budgetMs);
  await button(page, /New trigger/).click();
  await page.waitForURL(/\/triggers\/\d+\/edit/, { timeout: budgetMs });
  await loaded;
  await page.getByText('Trigger type').first().waitFor({ timeout: budgetMs });
  return async () => {
    await page.getByPlaceholder('Name this trigger').first().fill(name);
    const saved = afterCall(page, 'PUT', /^\/api\/pipeline_schedules\/\d+/, budgetMs);
    await button(page, /Save changes/).click();
    await saved;
    await page.waitForURL(/\/triggers\/\d+$/, { timeout: budgetMs });
  };
}

/**
 * The clicking tour of Mage's UI: the overview, the pipelines list searched and filtered by a tag, a pipeline's
 * triggers (an API trigger and a cron trigger created through the form, one toggled), its runs, a run with its
 * block runs and a block run's logs, the global triggers and runs pages, and signing out. `budgetMs`: how long a step
 * waits for each thing it waits on (a real Mage's is derived from its timing: conformance/real-mage/mage-timing.ts);
 * give crawlMageUi the same.
 */
export function uiTour(d: TourData, budgetMs: number = PAGE_BUDGET_MS): PageToVisit[] {
  const triggers = `/pipelines/${d.pipeline}/triggers`;
  return [
    { name: 'overview', path: '/overview', waitFor: 'Latest pipeline run failures' },
    { name: 'pipelines list', path: '/pipelines', waitFor: d.pipeline },
    {
      name: 'pipelines list, searched',
      path: '/pipelines',
      stay: true,
      interact: async (page) => {
        const searched = afterCall(page, 'GET', new RegExp(`^/api/pipelines\\?.*search=${d.search}`), budgetMs);
        await page.locator('input:not([type=checkbox]):not([type=radio])').first().fill(d.search);
        await searched;
      },
    },
    {
      name: 'pipelines list, filtered by a tag',
      path: '/pipelines',
      waitFor: d.pipeline,
      interact: async (page, baseUrl) => {
        await button(page, /^Filter/).click();
        await page.getByText('Tag', { exact: true }).first().click();
        const toggle = page
          .locator('div')
          .filter({ hasText: new RegExp(`^${d.tag}$`), has: page.locator('input[type=checkbox]') })
          .last();
        const filtered = afterCall(page, 'GET', new RegExp(`^/api/pipelines\\?.*tag\\[\\]=${d.tag}`), budgetMs);
        if ((await toggle.count()) > 0) {
          // The menu may render again as it opens and drop a click: click until the tag is ticked, then apply.
          const checkbox = toggle.locator('input[type=checkbox]');
          for (const deadline = Date.now() + budgetMs; !(await checkbox.isChecked()) && Date.now() < deadline;) {
            await checkbox.locator('..').click();
            await page.waitForTimeout(100);
          }
          await button(page, /^Apply$/).click();
        } else {
          // The tag menu lists /api/tags: a server without it gets the same filter from the URL the menu writes.
          await page.goto(`${baseUrl}/pipelines?_limit=30&tag[]=${encodeURIComponent(d.tag)}`);
        }
        await filtered;
      },
    },
    { name: "a pipeline's triggers", path: triggers, waitFor: 'New trigger' },
    {
      name: 'a new API trigger',
      path: triggers,
      stay: true,
      interact: async (page) => {
        const save = await newTrigger(page, TOUR_TRIGGERS.api, budgetMs);
        await button(page, /^API/).click();
        await save();
      },
    },
    {
      name: 'a new cron trigger',
      path: triggers,
      waitFor: 'New trigger',
      interact: async (page) => {
        const save = await newTrigger(page, TOUR_TRIGGERS.cron, budgetMs);
        await button(page, /^Schedule/).click();
        await page.locator('select').first().selectOption({ label: 'custom' });
        await page.getByPlaceholder('* * * * *').first().fill(TOUR_TRIGGERS.cronExpression);
        await save();
      },
    },
    {
      name: 'a trigger toggled on',
      path: triggers,
      waitFor: TOUR_TRIGGERS.cron,
      interact: async (page) => {
        const toggled = afterCall(page, 'PUT', /^\/api\/pipeline_schedules\/\d+/, budgetMs);
        await page
          .getByRole('row', { name: new RegExp(TOUR_TRIGGERS.cron) })
          .locator('input[type=checkbox]')
          .locator('..')
          .click();
        await toggled;
      },
    },
    { name: "a pipeline's runs", path: `/pipelines/${d.pipeline}/runs`, waitFor: 'Execution date' },
    {
      name: 'a run',
      path: `/pipelines/${d.pipeline}/runs`,
      stay: true,
      interact: async (page) => {
        await page.locator(`a[href^="/pipelines/${d.pipeline}/runs/"]`).first().click();
        await page.waitForURL(/\/runs\/\d+$/, { timeout: budgetMs });
        await page.getByText(d.block).first().waitFor({ timeout: budgetMs });
      },
    },
    {
      name: "a block run's logs",
      path: `/pipelines/${d.pipeline}/logs`,
      stay: true,
      interact: async (page) => {
        await page
          .getByRole('row', { name: new RegExp(d.block) })
          .getByRole('button')
          .first()
          .click();
        await page.waitForURL(/\/logs\?/, { timeout: budgetMs });
        await page
          .getByText(/\d+ logs? found/)
          .first()
          .waitFor({ timeout: budgetMs });
      },
    },
    { name: 'global triggers', path: '/triggers', waitFor: TOUR_TRIGGERS.api },
    { name: 'global runs', path: '/pipeline-runs', waitFor: d.pipeline },
    {
      name: 'signed out',
      path: '/overview',
      waitFor: 'Latest pipeline run failures',
      interact: async (page) => {
        const out = afterCall(page, 'PUT', /^\/api\/sessions\/\d+/, budgetMs);
        await page.locator('button[type="button"]').first().click();
        await page.getByText('Sign out', { exact: true }).first().click();
        await out;
        await page.waitForURL(/\/sign-in/, { timeout: budgetMs });
      },
    },
  ];
}

const QUIET_MS = 600;
/** How long a step waits for each thing it waits on, by default (a server of the kit; a real Mage is given its own). */
export const PAGE_BUDGET_MS = 20_000;

/** Follows one page's traffic and errors from the moment it is attached. */
function watch(page: Page) {
  const calls: ApiCall[] = [];
  const pending: Promise<void>[] = [];
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const assetFailures: string[] = [];
  const assets: { path: string; type: string }[] = [];
  /** The API calls under way (each with when it started), and when one last started or ended: what `settle` waits on. */
  const traffic: Traffic = { inFlight: new Map(), lastActivity: Date.now() };
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  const apiCallEnded = (request: Request) => {
    if (!traffic.inFlight.delete(request)) return;
    traffic.lastActivity = Date.now();
  };
  page.on('request', (request) => {
    if (!isApi(request)) return;
    traffic.inFlight.set(request, Date.now());
    traffic.lastActivity = Date.now();
  });
  page.on('requestfinished', apiCallEnded);
  page.on('requestfailed', (request) => {
    apiCallEnded(request);
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/websocket')) assetFailures.push(`${url.pathname} (${request.failure()?.errorText})`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text().slice(0, 400));
  });
  page.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`.slice(0, 400)));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.protocol === 'data:') return;
    if (!url.pathname.startsWith('/api/')) {
      if (response.status() >= 400) assetFailures.push(`${url.pathname} (HTTP ${response.status()})`);
      else assets.push({ path: url.pathname, type: response.headers()['content-type'] ?? '' });
      return;
    }
    url.searchParams.delete('api_key');
    const call: ApiCall = {
      method: response.request().method(),
      path: decodeURIComponent(url.pathname + url.search),
      httpStatus: response.status(),
      fromServiceWorker: response.fromServiceWorker(),
    };
    calls.push(call);
    pending.push(
      response.json().then(
        (body: { error?: ApiCall['error'] }) => {
          if (body && typeof body === 'object' && body.error) call.error = { code: body.error.code, type: body.error.type, message: body.error.message };
        },
        () => undefined,
      ),
    );
  });
  return {
    calls,
    traffic,
    consoleErrors,
    pageErrors,
    /** Everything recorded so far, then cleared for the next page. */
    async take() {
      await Promise.all(pending.splice(0));
      return {
        calls: calls.splice(0),
        consoleErrors: consoleErrors.splice(0),
        pageErrors: pageErrors.splice(0),
        assetFailures: assetFailures.splice(0),
        assets: assets.splice(0),
      };
    },
  };
}

/** The API calls a page has under way, by when each started, and when one last started or ended. */
interface Traffic {
  inFlight: Map<Request, number>;
  lastActivity: number;
}

/**
 * A call under way this long is not waited for: a server's long poll, or a call whose end the browser never reported
 * (a real Mage leaves some open; waiting on them held every step for its whole budget).
 */
const LONG_CALL_MS = 5_000;

/** Whether any call is under way that a step should wait for. */
const waiting = (traffic: Traffic, now: number) => [...traffic.inFlight.values()].some((started) => now - started < LONG_CALL_MS);

/**
 * Waits until the page's files have loaded and no API call has been under way (but long ones), started or ended for
 * QUIET_MS (the pages poll every few seconds; a call a page makes later still counts, for the next step), at most
 * the budget.
 */
async function settle(page: Page, traffic: Traffic, budgetMs: number) {
  const deadline = Date.now() + budgetMs;
  await page.waitForLoadState('networkidle', { timeout: budgetMs }).catch(() => undefined);
  while (Date.now() < deadline) {
    const now = Date.now();
    const quietFor = now - traffic.lastActivity;
    if (!waiting(traffic, now) && quietFor >= QUIET_MS) return;
    await page.waitForTimeout(Math.min(QUIET_MS, Math.max(50, QUIET_MS - quietFor)));
  }
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations?.splice(0) ?? []).catch(() => []);
}

/**
 * Signs in with the owner's email and password on Mage's sign-in page, then visits each page, recording every API
 * call, console error, uncaught exception and CSP violation. `baseUrl` is the server that serves the UI and the API
 * (on 127.0.0.1: the UI forces port 6789 only when the hostname is localhost).
 */
export async function crawlMageUi(
  browser: Browser,
  baseUrl: string,
  owner: { email: string; password: string },
  /**
   * `context`: the caller's (left open, with what the crawl left in it); else one of the crawl's own, closed after it.
   * `budgetMs`: how long the crawl waits for a page's text, a quiet page or the sign-in (PAGE_BUDGET_MS by default).
   */
  options: { pages?: readonly PageToVisit[]; stubBootCalls?: boolean; screenshots?: string; context?: BrowserContext; budgetMs?: number } = {},
): Promise<{ signIn: PageVisit; pages: PageVisit[] }> {
  const pages = options.pages ?? CRAWLED_PAGES;
  const budgetMs = options.budgetMs ?? PAGE_BUDGET_MS;
  const context = options.context ?? (await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  if (options.stubBootCalls) await stubBootCalls(context);
  await context.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (event) => list.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  const page = await context.newPage();
  const watcher = watch(page);
  const visit = async (name: string, path: string, act?: () => Promise<void>, step: Omit<PageToVisit, 'name' | 'path'> = {}): Promise<PageVisit> => {
    if (act) await act();
    else if (!step.stay) await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    if (step.waitFor) {
      await page
        .getByText(step.waitFor)
        .first()
        .waitFor({ timeout: budgetMs })
        .catch(() => undefined);
    }
    if (step.interact) {
      await settle(page, watcher.traffic, budgetMs);
      await step.interact(page, baseUrl).catch((error: Error) => watcher.pageErrors.push(`step failed: ${error.message.split('\n')[0]}`));
    }
    await settle(page, watcher.traffic, budgetMs);
    if (options.screenshots) await page.screenshot({ path: `${options.screenshots}/mage-ui-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png` });
    const text = (
      (await page
        .locator('body')
        .innerText()
        .catch(() => '')) ?? ''
    )
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 4000);
    const violations = await cspViolations(page);
    return { name, path, landedOn: new URL(page.url()).pathname + new URL(page.url()).search, ...(await watcher.take()), cspViolations: violations, text };
  };

  try {
    const signIn = await visit('sign-in', '/sign-in', async () => {
      // As a person arrives: at /, which sends a signed-out visitor to /sign-in once /api/statuses says sign-in is
      // required. Without that answer the UI stays on a blank page: then the form is opened directly.
      await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
      const redirected = await page.waitForURL(/\/sign-in/, { timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (!redirected) await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'load' });
      // Mage's SignForm: a text input labelled Email, a password input, and the "Sign into Mage" button.
      const email = page.locator('input:not([type="password"])').first();
      await email.waitFor({ timeout: budgetMs }).catch(() => undefined);
      if ((await email.count()) === 0) return;
      await email.fill(owner.email);
      await page.locator('input[type="password"]').first().fill(owner.password);
      await page.getByRole('button', { name: /Sign into Mage/ }).click();
      // Signed in, the UI goes to `/`, whose page then sends it on to /overview: the visit ends there, not at `/`
      // (on a busy machine the first was read as where the sign-in landed).
      await page.waitForURL((url) => url.pathname !== '/' && !url.pathname.startsWith('/sign-in'), { timeout: budgetMs }).catch(() => undefined);
    });
    const visits: PageVisit[] = [];
    for (const { name, path, ...step } of pages) visits.push(await visit(name, path, undefined, step));
    return { signIn, pages: visits };
  } finally {
    if (options.context) await page.close();
    else await context.close();
  }
}

/** The report as Markdown lines: one row per page and one line per call. */
export function crawlReport(result: { signIn: PageVisit; pages: PageVisit[] }): string {
  const lines: string[] = [];
  for (const visit of [result.signIn, ...result.pages]) {
    lines.push(`## ${visit.name} (${visit.path} -> ${visit.landedOn})`);
    for (const call of visit.calls) {
      const outcome = call.error ? `${call.error.code} ${call.error.type}: ${call.error.message}` : 'ok';
      lines.push(`- ${call.method} ${call.path} [${call.httpStatus}] ${outcome}`);
    }
    for (const error of visit.pageErrors) lines.push(`- uncaught: ${error}`);
    for (const failure of visit.assetFailures) lines.push(`- file failed: ${failure}`);
    for (const error of visit.consoleErrors) lines.push(`- console: ${error}`);
    for (const violation of visit.cspViolations) lines.push(`- csp: ${violation}`);
    lines.push(`- text: ${visit.text.slice(0, 300)}`);
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * A diagnostic, not a fix: answers in the browser the three calls every page makes first and the server does not
 * route yet (statuses as Mage routes it, from our /api/status; projects and oauths with what a fresh Mage project
 * answers), so a crawl reaches the pages' own calls and shows what fails next.
 */
export async function stubBootCalls(context: BrowserContext) {
  const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  /** The server's answer, unless it has no such route: then the stand-in (so the stub steps aside once the server routes it). */
  const unlessRouted = (standIn: (route: Route) => Promise<void>) => async (route: Route) => {
    // The page polls these while a crawl ends: a call whose server or page has gone is dropped, not left to reject.
    try {
      const response = await route.fetch();
      const body: unknown = await response.json().catch(() => undefined);
      const error = body && typeof body === 'object' && 'error' in body ? (body.error as { message?: unknown }) : undefined;
      if (typeof error?.message === 'string' && error.message.startsWith('No route for')) return await standIn(route);
      return await route.fulfill({ response });
    } catch {
      return route.abort().catch(() => undefined);
    }
  };
  await context.route(
    /\/api\/statuses(\?|$)/,
    unlessRouted(async (route) => {
      const url = new URL(route.request().url());
      url.pathname = '/api/status';
      await route.fulfill({ response: await route.fetch({ url: url.href }) });
    }),
  );
  const project = {
    name: 'default_repo',
    project_uuid: 'default',
    version: '0.9.80',
    latest_version: '0.9.80',
    features: {},
    settings: {},
    repo_path: '/home/src/default_repo',
  };
  await context.route(
    /\/api\/projects(\?|$)/,
    unlessRouted((route) => route.fulfill(json({ projects: [project], metadata: { count: 1 }, status: 200 }))),
  );
  await context.route(
    /\/api\/oauths(\?|$)/,
    unlessRouted((route) => route.fulfill(json({ oauths: [], metadata: { count: 0 }, status: 200 }))),
  );
}

// The pipeline editor's tour lives in editor-tour.ts; its callers that import it from here still find it.
export { EDITOR_TOUR, editorTour, KIT_RUN_OUTPUT } from './editor-tour.js';
