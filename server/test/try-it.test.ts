import { describe, expect, it } from 'vitest';
import { launchChromium } from '../../conformance/browser.js';
import { TestServer } from './harness.js';

describe('the try-it console (/docs/try)', () => {
  it('logs in, applies the API key and token, and runs a call on this server, loading nothing from elsewhere', async () => {
    const server = await TestServer.start();
    const browser = await launchChromium();
    try {
      await server.call('POST', '/api/pipelines', { token: (await server.login()).decoded, body: { pipeline: { name: 'from the console' } } });
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const requests: string[] = [];
      const problems: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`${server.url}/docs/try`);
      const operation = page.locator('.opblock-get:has(.opblock-summary-path[data-path="/api/pipelines"])');
      await operation.waitFor({ timeout: 30_000 });

      // The API key field holds Mage's public key (this server uses it); the owner logs in.
      expect(await page.inputValue('#api_key')).toBe('zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2');
      await page.fill('#password', 'wrong');
      await page.click('#login-button');
      await expect.poll(() => page.textContent('#login-status')).toMatch(/Login failed: .*password/i);
      await page.fill('#password', 'admin');
      await page.click('#login-button');
      await expect.poll(() => page.textContent('#login-status')).toMatch(/Logged in as admin@admin.com/);

      // GET /api/pipelines needs the API key and a token: the list comes back only when both were applied.
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Execute' }).click();
      const body = operation.locator('.responses-wrapper .live-responses-table .microlight').first();
      await body.waitFor({ timeout: 30_000 });
      await expect.poll(() => body.textContent()).toContain('from_the_console');
      expect(await body.textContent()).not.toContain('"error"');
      expect(server.lines.some((line) => line.startsWith('GET /api/pipelines 200 ok'))).toBe(true);

      const origin = new URL(server.url).origin;
      expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 90_000);
});
