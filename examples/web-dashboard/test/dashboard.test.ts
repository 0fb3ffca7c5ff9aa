import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, triggerPipelineRun } from '@pipeline-api/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it, type ExpectStatic } from 'vitest';
import { launchChromium, serveFiles } from '../../../conformance/browser.js';
import { API_KEY, OWNER, TestServer } from '../../../server/test/harness.js';
import { bundleSite } from '../scripts/bundle.js';
import { DEMO } from '../src/demo.js';

type Browser = Awaited<ReturnType<typeof launchChromium>>;
/** The browser's clipboard is one for every page, and the two flows run side by side: one copies and reads at a time. */
let clipboardFree = Promise.resolve();
async function withClipboard<T>(use: () => Promise<T>): Promise<T> {
  const before = clipboardFree;
  let release = () => {};
  clipboardFree = new Promise((resolve) => (release = resolve));
  await before;
  try {
    return await use();
  } finally {
    release();
  }
}

/** The flows, on a test's own expect: the two tests run side by side, and expect.poll needs the test it runs in. */
function flows(expect: ExpectStatic) {
  const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();
  /** expect.poll with room for a loaded machine (its default gives up after one second). */
  const poll = <T>(read: () => Promise<T> | T, options = { timeout: 10_000 }) => expect.poll(read, options);

  /** The main pages, for the docs: written to docs/images when missing or with UPDATE_SCREENSHOTS=1, else to a temp dir. */
  async function screenshot(page: Page | undefined, name: string, fullPage = false) {
    if (!page) return;
    const checkedIn = fileURLToPath(new URL(`../../../docs/images/dashboard-${name}.png`, import.meta.url));
    const target = process.env.UPDATE_SCREENSHOTS || !existsSync(checkedIn) ? checkedIn : join(tmpdir(), `dashboard-${name}.png`);
    await page.screenshot({ path: target, fullPage });
    expect(statSync(target).size).toBeGreaterThan(5_000);
  }

  /** Sign-in (a wrong password first), pipelines paged, a pipeline's graph, a block edited and saved. */
  async function clickThrough(page: Page, shoot?: Page) {
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await poll(() => texts(page, '[role=alert]')).toEqual(['Wrong email or password.']);
    await screenshot(shoot, 'sign-in');
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Five a page; the sentinel below the list is in view, so the second page loads without a click, then no more.
    await poll(() => page.locator('.pipelines li').count()).toBe(8);
    expect(await page.locator('h1').textContent()).toBe('Pipelines (8)');
    expect(await page.locator('.sentinel').textContent()).toBe('');
    await screenshot(shoot, 'pipelines');

    await page.getByRole('link', { name: 'customer orders' }).click();
    await poll(() => page.locator('[data-block]').count()).toBe(5);
    expect((await page.locator('[data-edge]').evaluateAll((lines) => lines.map((l) => l.getAttribute('data-edge')))).sort()).toEqual([
      'clean->export',
      'join->clean',
      'load_customers->join',
      'load_orders->join',
    ]);
    await page.locator('[data-block=clean]').click();
    expect(await page.locator('.editor p').first().textContent()).toBe('Upstream: join · Downstream: export');
    await page.locator('textarea[name=content]').fill('df = df.dropna(how="all")\n');
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.locator('.saved').count()).toBe(1);

    // Away and back: the pipeline's detail was invalidated by the save, so the editor shows what the API stored.
    await page.getByRole('link', { name: 'Pipelines' }).click();
    await page.getByRole('link', { name: 'customer orders' }).click();
    await page.locator('[data-block=clean]').click();
    await poll(() => page.locator('textarea[name=content]').inputValue()).toBe('df = df.dropna(how="all")\n');
  }

  const RUN_TIMEOUT = { timeout: 30_000 };
  const blockRunStatuses = (page: Page) =>
    page.locator('[data-block-run]').evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-block-run')}: ${r.querySelector('.status')!.textContent}`));

  /** On customer orders: a bad cron refused, a cron and an API trigger created, the API one enabled, its URL copied, run now -> completed. */
  async function triggerAndRun(page: Page, shoot?: Page): Promise<string> {
    await page.getByLabel('Trigger type').selectOption('cron');
    await page.getByLabel('Name').fill('nightly');
    await page.getByLabel('Schedule').fill('0 6 * *');
    await page.getByRole('button', { name: 'Create trigger' }).click();
    await poll(() => texts(page, '.new-trigger [role=alert]')).toEqual([expect.stringMatching(/cron/i)]);
    await page.getByLabel('Schedule').fill('0 6 * * *');
    await page.getByRole('button', { name: 'Create trigger' }).click();
    await poll(() => texts(page, '[data-trigger=nightly] .status')).toEqual(['inactive']);
    expect(await texts(page, '.new-trigger [role=alert]')).toEqual([]);

    await page.getByLabel('Trigger type').selectOption('api');
    await page.getByLabel('Name').fill('from CI');
    await page.getByRole('button', { name: 'Create trigger' }).click();
    const trigger = page.locator('[data-trigger="from CI"]');
    await poll(() => trigger.locator('.status').textContent()).toBe('inactive');
    await trigger.getByRole('button', { name: 'Enable' }).click();
    await poll(() => trigger.locator('.status').textContent()).toBe('active');
    const url = (await trigger.locator('code').textContent())!;
    expect(url).toMatch(/\/api\/pipeline_schedules\/\d+\/pipeline_runs\/[0-9a-f]{32}$/);
    const copied = await withClipboard(async () => {
      await trigger.getByRole('button', { name: 'Copy URL' }).click();
      await poll(() => trigger.locator('.url small').textContent()).toBe('Copied');
      return page.evaluate(() => navigator.clipboard.readText());
    });
    expect(copied).toBe(url);

    await trigger.getByRole('button', { name: 'Run now' }).click();
    const run = page.locator('.runs tr').first();
    await poll(() => run.locator('.status').textContent(), RUN_TIMEOUT).toBe('completed');
    expect(await run.textContent()).toContain('5/5 blocks');
    await screenshot(shoot, 'pipeline', true);
    return url;
  }

  /** A run of the inactive cron trigger waits `initial`; its page offers Cancel, and the run ends `cancelled`. */
  async function cancelWaitingRun(page: Page) {
    await page.locator('[data-trigger=nightly]').getByRole('button', { name: 'Run now' }).click();
    const row = page.locator('.runs tr').first();
    await poll(() => row.textContent()).toMatch(/nightly.*initial/);
    await row.getByRole('link').click();
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await poll(() => page.locator('h1 .status').textContent()).toBe('cancelled');
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    await poll(() => page.locator('.logs pre').textContent()).toMatch(/Pipeline run \d+ cancelled\./);
  }

  /** billing's "charge cards" fails: the run fails, the block below it is upstream_failed; fixed, retried from it, the run completes. */
  async function failFixRetry(page: Page, shoot?: Page) {
    await page.getByRole('link', { name: 'Pipelines' }).click();
    await page.getByRole('link', { name: 'billing' }).click();
    await page.getByRole('button', { name: 'Create trigger' }).click();
    const trigger = page.locator('[data-trigger="from CI"]');
    await trigger.getByRole('button', { name: 'Enable' }).click();
    await poll(() => trigger.locator('.status').textContent()).toBe('active');
    await trigger.getByRole('button', { name: 'Run now' }).click();
    const row = page.locator('.runs tr').first();
    await poll(() => row.locator('.status').textContent(), RUN_TIMEOUT).toBe('failed');

    await row.getByRole('link').click();
    await poll(() => blockRunStatuses(page)).toEqual(['load_invoices: completed', 'charge_cards: failed', 'send_receipts: upstream_failed']);
    await poll(() => page.locator('.logs pre').textContent()).toMatch(/ERROR +.*charge_cards/);
    await screenshot(shoot, 'run', true);

    // Fix the block (its simulated outcome), back to the run, retry from the block that failed.
    await page.locator('main p a').click();
    await page.locator('[data-block=charge_cards]').click();
    await page.getByLabel('Simulated outcome').selectOption('complete');
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.locator('.saved').count()).toBe(1);
    await page.goBack();
    await page.locator('[data-block-run=charge_cards]').getByRole('button', { name: 'Retry from here' }).click();
    await poll(() => page.locator('h1 .status').textContent(), RUN_TIMEOUT).toBe('completed');
    expect(await blockRunStatuses(page)).toEqual(['load_invoices: completed', 'charge_cards: completed', 'send_receipts: completed']);
    await poll(() => page.locator('.logs pre').textContent()).toContain('Finish executing block send_receipts.');
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
  }

  return { clickThrough, triggerAndRun, cancelWaitingRun, failFixRetry, poll, texts, blockRunStatuses };
}

// The two flows side by side, a page each in one browser: each spends most of its time waiting on its runs.
describe.concurrent('the web dashboard in headless Chromium', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof serveFiles>>;
  beforeAll(async () => {
    site = await serveFiles(await bundleSite());
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('against the mocks in the page: click-through, a reload keeps it all, an expired session goes back to sign-in, Reset demo starts over', async ({
    expect,
  }) => {
    const { clickThrough, triggerAndRun, cancelWaitingRun, failFixRetry, poll, texts, blockRunStatuses } = flows(expect);
    const page = await browser.newPage({ viewport: { width: 1200, height: 700 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    await clickThrough(page, page);
    await triggerAndRun(page, page);
    await cancelWaitingRun(page);
    await failFixRetry(page, page);

    // A reload keeps the demo (persist: 'indexedDB'): still signed in, the retried run still completed.
    await page.evaluate(() => (window as unknown as { mock: { persisted(): Promise<void> } }).mock.persisted());
    await page.reload();
    await poll(() => page.locator('h1 .status').textContent(), { timeout: 10_000 }).toBe('completed');
    expect(await blockRunStatuses(page)).toEqual(['load_invoices: completed', 'charge_cards: completed', 'send_receipts: completed']);

    await page.evaluate(() => (window as unknown as { mock: { clock: { advance(ms: number): void } } }).mock.clock.advance(31 * 24 * 3600 * 1000));
    await page.getByRole('link', { name: 'Pipelines' }).click();
    await poll(() => texts(page, '.notice')).toEqual(['Your session has ended. Please sign in again.']);
    expect(await page.evaluate(() => localStorage.getItem('pipeline-api-token'))).toBeNull();

    // Reset demo: the demo data seeded afresh, signed out; billing has no trigger of this run's.
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Reset demo' }).click();
    await poll(() => page.getByRole('button', { name: 'Sign in' }).count(), { timeout: 10_000 }).toBe(1);
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'billing' }).click();
    await poll(() => page.getByRole('button', { name: 'Create trigger' }).count()).toBe(1);
    expect(await page.locator('[data-trigger="from CI"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('against the reference server: click-through, the session survives a reload, a logout elsewhere ends it', async ({ expect }) => {
    const { clickThrough, triggerAndRun, cancelWaitingRun, failFixRetry, poll, texts } = flows(expect);
    const server = await TestServer.start({ config: { schedulerIntervalMs: 50, simulatedBlockDurationMs: 100 } });
    try {
      const seeder = createClient({ baseUrl: server.url, apiKey: API_KEY });
      await seeder.sessions.login(OWNER);
      for (const { blocks, ...pipeline } of DEMO.pipelines!) {
        const created = await seeder.pipelines.create(pipeline);
        for (const block of blocks ?? []) await seeder.pipelines.blocks.create(created.uuid, block);
      }
      const page = await browser.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${site.url}/?api=${encodeURIComponent(server.url)}`);
      await clickThrough(page);
      expect((await seeder.pipelines.blocks.detail('customer_orders', 'clean')).content).toBe('df = df.dropna(how="all")\n');
      const url = await triggerAndRun(page);
      // The URL the page copied is the one a CI job calls: no key, no session.
      const [, scheduleId, triggerToken] = /pipeline_schedules\/(\d+)\/pipeline_runs\/(\w+)$/.exec(url)!;
      expect((await triggerPipelineRun({ baseUrl: server.url, scheduleId: Number(scheduleId), token: triggerToken! })).pipeline_uuid).toBe('customer_orders');
      await cancelWaitingRun(page);
      await failFixRetry(page);

      await page.reload();
      await poll(() => page.locator('h1 .status').textContent()).toBe('completed'); // still signed in, same page
      const token = await page.evaluate(() => localStorage.getItem('pipeline-api-token'));
      await createClient({ baseUrl: server.url, apiKey: API_KEY, token: token! }).sessions.logout();
      await page.getByRole('link', { name: 'Pipelines' }).click();
      await poll(() => texts(page, '.notice')).toEqual(['Your session has ended. Please sign in again.']);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await server.close();
    }
  }, 90_000);
});
