import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../../conformance/browser.js';
import { nodeCryptoStub } from '../../conformance/browser-target.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs in the page: the SDK in cookie mode against the mocks' service worker, reporting what `document.cookie` holds. */
const PAGE = `
import { setupMockWorker } from '@pipeline-api/mocks/browser';
import { createClient } from './sdk/src/index.ts';

const mock = setupMockWorker({ baseUrl: location.origin });
await mock.start();
const OWNER = { email: 'admin@admin.com', password: 'admin' };
const options = { baseUrl: location.origin, apiKey: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2', tokenLocation: 'cookie' };
const jar = () => document.cookie.includes('oauth_token=');
const out = {};

const client = createClient({ ...options, onTokenChange: (t) => (out.stored = t ?? null) });
await client.sessions.login(OWNER);
out.afterLogin = jar();
out.listed = Array.isArray(await client.pipelines.list());
await client.sessions.logout();
out.afterLogout = jar();

await client.sessions.login(OWNER);
mock.clock.advance(31 * 24 * 3600 * 1000);
out.expiredLogout = await client.sessions.logout().then(() => 'ok', (e) => e.name);
out.afterExpiredLogout = jar();

// A reload: the jar still holds a JWT the server has expired, and the app starts a client without a token.
await client.sessions.login(OWNER);
mock.clock.advance(31 * 24 * 3600 * 1000);
let heard = null;
const reloaded = createClient({ ...options, onUnauthenticated: (e) => (heard = e.name) });
out.reloadedCall = await reloaded.pipelines.list().then(() => 'ok', (e) => e.name);
out.heard = heard;
out.afterRefusal = jar();
out.nextCall = await reloaded.pipelines.list().then(() => 'ok', (e) => e.name);
window.__out = out;
`;

it('in cookie mode, logout and a refused session clear the JWT from document.cookie (headless Chromium)', async () => {
  const bundle = await build({
    stdin: { contents: PAGE, resolveDir: root, loader: 'ts', sourcefile: 'page.ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    conditions: ['browser'],
    plugins: [nodeCryptoStub],
  });
  const site = await serveFiles({
    '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><script type="module" src="/page.js"></script>' },
    '/page.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.contents },
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(join(root, 'node_modules/msw/lib/mockServiceWorker.js')) },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    await page
      .waitForFunction(() => (window as { __out?: unknown }).__out !== undefined || document.title === 'failed', undefined, { timeout: 30_000 })
      .catch(() => undefined);
    const out = await page.evaluate(() => (window as { __out?: unknown }).__out);
    expect(errors).toEqual([]);
    expect(out).toEqual({
      afterLogin: true,
      listed: true,
      afterLogout: false,
      expiredLogout: 'ExpiredOAuthTokenError',
      afterExpiredLogout: false,
      stored: expect.any(String),
      reloadedCall: 'ExpiredOAuthTokenError',
      heard: 'ExpiredOAuthTokenError',
      afterRefusal: false,
      nextCall: 'SessionRequiredError',
    });
  } finally {
    await browser.close();
    await site.close();
  }
}, 60_000);
