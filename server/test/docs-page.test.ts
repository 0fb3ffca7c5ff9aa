import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract, walkContract } from '@pipeline-api/contract';
import { describe, expect, it } from 'vitest';
import { launchChromium } from '../../conformance/browser.js';
import { TestServer } from './harness.js';

const screenshot = fileURLToPath(new URL('../../docs/images/api-reference.png', import.meta.url));

describe('the rendered API reference', () => {
  it('shows every operation and the authentication section, loading nothing from elsewhere', async () => {
    const server = await TestServer.start();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const requests: string[] = [];
      const problems: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`${server.url}/docs`);
      await page.waitForSelector('[id="operation/pipelines.list"]', { timeout: 120_000 });

      for (const { id } of walkContract(contract)) {
        expect(await page.locator(`[id="operation/${id}"]`).count(), id).toBe(1);
      }
      const auth = await page.locator('[id="section/Authentication"]').textContent();
      for (const text of [
        'ApiKeyHeader',
        'X-API-KEY',
        'ApiKeyQuery',
        'api_key',
        'OAuthTokenHeader',
        'OAUTH-TOKEN',
        'BearerToken',
        'OAuthTokenCookie',
        'oauth_token',
      ]) {
        expect(auth, text).toContain(text);
      }
      const create = await page.locator('[id="operation/pipelines.create"]').textContent();
      expect(create).toMatch(/Authorizations:.*\(ApiKeyHeaderOAuthTokenHeader\)/);
      // Its links work: the sidebar's Authentication entry scrolls to the section.
      await page.getByText('Authentication', { exact: true }).first().click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#section/Authentication');

      const origin = new URL(server.url).origin;
      const elsewhere = requests.filter((url) => !url.startsWith(origin) && !url.startsWith(`blob:${origin}`));
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);

      await page.evaluate(() => window.scrollTo(0, 0));
      const target = process.env.UPDATE_SCREENSHOTS || !existsSync(screenshot) ? screenshot : join(tmpdir(), 'api-reference.png');
      mkdirSync(join(target, '..'), { recursive: true });
      await page.screenshot({ path: target });
      expect(statSync(target).size).toBeGreaterThan(20_000);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 240_000);
});
