import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@pipeline-api/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../../../conformance/browser.js';
import { API_KEY, OWNER, TestServer } from '../../../server/test/harness.js';
import { bundleSite } from '../scripts/bundle.js';
import { DEMO } from '../src/demo.js';

type Browser = Awaited<ReturnType<typeof launchChromium>>;
const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

/** The main pages, for the docs: written to docs/images when missing or with UPDATE_SCREENSHOTS=1, else to a temp dir. */
async function screenshot(page: Page | undefined, name: string) {
  if (!page) return;
  const checkedIn = fileURLToPath(new URL(`../../../docs/images/dashboard-${name}.png`, import.meta.url));
  const target = process.env.UPDATE_SCREENSHOTS || !existsSync(checkedIn) ? checkedIn : join(tmpdir(), `dashboard-${name}.png`);
  await page.screenshot({ path: target });
  expect(statSync(target).size).toBeGreaterThan(5_000);
}

/** Sign-in (a wrong password first), pipelines paged, a pipeline's graph, a block edited and saved. */
async function clickThrough(page: Page, shoot?: Page) {
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => texts(page, '[role=alert]')).toEqual(['Wrong email or password.']);
  await screenshot(shoot, 'sign-in');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect.poll(() => page.locator('.pipelines li').count()).toBe(5);
  expect(await page.locator('h1').textContent()).toBe('Pipelines (8)');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => page.locator('.pipelines li').count()).toBe(8);
  expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  await screenshot(shoot, 'pipelines');

  await page.getByRole('link', { name: 'customer orders' }).click();
  await expect.poll(() => page.locator('[data-block]').count()).toBe(5);
  expect((await page.locator('[data-edge]').evaluateAll((lines) => lines.map((l) => l.getAttribute('data-edge')))).sort()).toEqual(
    ['clean->export', 'join->clean', 'load_customers->join', 'load_orders->join'],
  );
  await page.locator('[data-block=clean]').click();
  expect(await page.locator('.editor p').first().textContent()).toBe('Upstream: join · Downstream: export');
  await page.locator('textarea[name=content]').fill('df = df.dropna(how="all")\n');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.locator('.saved').count()).toBe(1);
  await screenshot(shoot, 'pipeline');

  // Away and back: the pipeline's detail was invalidated by the save, so the editor shows what the API stored.
  await page.getByRole('link', { name: 'Pipelines' }).click();
  await page.getByRole('link', { name: 'customer orders' }).click();
  await page.locator('[data-block=clean]').click();
  await expect.poll(() => page.locator('textarea[name=content]').inputValue()).toBe('df = df.dropna(how="all")\n');
}

describe('the web dashboard in headless Chromium', () => {
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

  it('against the mocks in the page: click-through, then an expired session goes back to sign-in', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 640 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    await clickThrough(page, page);
    await page.evaluate(() => (window as unknown as { mock: { clock: { advance(ms: number): void } } }).mock.clock.advance(31 * 24 * 3600 * 1000));
    await page.getByRole('link', { name: 'Pipelines' }).click();
    await expect.poll(() => texts(page, '.notice')).toEqual(['Your session has ended. Please sign in again.']);
    expect(await page.evaluate(() => localStorage.getItem('pipeline-api-token'))).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('against the reference server: click-through, the session survives a reload, a logout elsewhere ends it', async () => {
    const server = await TestServer.start();
    try {
      const seeder = createClient({ baseUrl: server.url, apiKey: API_KEY });
      await seeder.sessions.login(OWNER);
      for (const { blocks, ...pipeline } of DEMO.pipelines!) {
        const created = await seeder.pipelines.create(pipeline);
        for (const block of blocks ?? []) await seeder.pipelines.blocks.create(created.uuid, block);
      }
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${site.url}/?api=${encodeURIComponent(server.url)}`);
      await clickThrough(page);
      expect((await seeder.pipelines.blocks.detail('customer_orders', 'clean')).content).toBe('df = df.dropna(how="all")\n');

      await page.reload();
      await expect.poll(() => page.locator('[data-block]').count()).toBe(5); // still signed in, same page
      const token = await page.evaluate(() => localStorage.getItem('pipeline-api-token'));
      await createClient({ baseUrl: server.url, apiKey: API_KEY, token: token! }).sessions.logout();
      await page.getByRole('link', { name: 'Pipelines' }).click();
      await expect.poll(() => texts(page, '.notice')).toEqual(['Your session has ended. Please sign in again.']);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await server.close();
    }
  }, 90_000);
});
