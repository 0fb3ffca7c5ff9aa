import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../../conformance/browser.js';
import { API_KEY, TestServer } from './harness.js';
import { pipelinesTable } from '../../core/src/model/pipelines.js';

/**
 * A developer's local server and web pages on other origins, in a real browser. Chromium resolves the test's
 * host names to 127.0.0.1, so a page from http://evil.test:PORT is a foreign origin on this machine, and
 * http://rebind.test:PORT is what a DNS-rebinding page looks like once its name points at the server.
 * User authentication is off: the API key alone is enough, as on many developers' machines.
 */
describe('web pages on other origins, in Chromium', () => {
  let browser: Browser;
  let server: TestServer;
  let pages: Awaited<ReturnType<typeof serveFiles>>;
  let pagePort: string;

  beforeAll(async () => {
    const sdk = await build({
      entryPoints: [fileURLToPath(new URL('../../sdk/src/index.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    pages = await serveFiles({
      '/': { type: 'text/html', body: '<!doctype html><title>a page</title>' },
      '/sdk.js': { type: 'text/javascript', body: sdk.outputFiles[0]!.text },
      '/app.html': { type: 'text/html', body: '<!doctype html><script type="module">import * as sdk from "/sdk.js"; window.sdk = sdk;</script>' },
    });
    pagePort = new URL(pages.url).port;
    server = await TestServer.start({
      config: { requireUserAuthentication: false, corsOrigins: [`http://allowed.test:${pagePort}`], allowedHosts: ['samehost.test'] },
    });
    browser = await launchChromium([
      '--host-resolver-rules=MAP evil.test 127.0.0.1, MAP rebind.test 127.0.0.1, MAP allowed.test 127.0.0.1, MAP samehost.test 127.0.0.1',
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await pages?.close();
  });

  async function pageAt(url: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(url);
    return page;
  }
  const apiPort = () => new URL(server.url).port;
  const stored = () =>
    pipelinesTable
      .in(server.repo)
      .list()
      .map((p) => p.uuid)
      .sort();

  it('refuses a foreign page: no credentialed read, no simple-content-type write', async () => {
    const page = await pageAt(`http://evil.test:${pagePort}/`);
    try {
      const outcome = await page.evaluate(
        async ({ api, key }) => {
          const attempt = (p: Promise<Response>) =>
            p.then(
              async (r) => `read: ${await r.text()}`,
              (e: Error) => `failed: ${e.name}`,
            );
          return {
            // A plain GET needs no preflight; the browser gets the answer but keeps it from the page.
            read: await attempt(fetch(`${api}/api/pipelines?api_key=${key}`, { credentials: 'include' })),
            // With a header of its own it needs a preflight, which the server does not grant.
            readWithHeader: await attempt(fetch(`${api}/api/pipelines`, { headers: { 'X-API-KEY': key }, credentials: 'include' })),
            // text/plain is sent without asking; the page cannot read the answer, but the write would happen.
            write: await fetch(`${api}/api/pipelines?api_key=${key}`, {
              method: 'POST',
              mode: 'no-cors',
              credentials: 'include',
              headers: { 'Content-Type': 'text/plain' },
              body: JSON.stringify({ pipeline: { name: 'planted' } }),
            }).then((r) => r.type),
            form: await fetch(`${api}/api/pipelines?api_key=${key}`, { method: 'POST', mode: 'no-cors', body: new URLSearchParams({ pipeline: 'x' }) }).then(
              (r) => r.type,
            ),
          };
        },
        { api: server.url, key: API_KEY },
      );
      expect(outcome).toEqual({ read: 'failed: TypeError', readWithHeader: 'failed: TypeError', write: 'opaque', form: 'opaque' });
      expect(stored()).not.toContain('planted');
      const refused = await server.call('POST', '/api/pipelines', {
        rawBody: '{"pipeline": {"name": "planted"}}',
        headers: { Origin: `http://evil.test:${pagePort}`, 'Content-Type': 'text/plain' },
      });
      expect(refused.body.error.message).toBe(
        `Cross-origin write refused: a page on http://evil.test:${pagePort} may send this request without a CORS preflight. Allowed origins are loopback ones and those in CORS_ORIGINS; other callers send Content-Type: application/json.`,
      );
      const sandboxed = await server.call('POST', '/api/pipelines', {
        rawBody: '{"pipeline": {"name": "planted"}}',
        headers: { Origin: 'null', 'Content-Type': 'text/plain' },
      });
      expect(sandboxed.body.error.type).toBe('unauthorized_access');
      expect(stored()).not.toContain('planted');
    } finally {
      await page.close();
    }
  }, 60_000);

  it('refuses a DNS-rebinding page: its own origin reaches the server under a Host no one allowed', async () => {
    // The page's name now resolves to the server: its same-origin requests arrive with Host: rebind.test.
    const page = await pageAt(`http://rebind.test:${apiPort()}/api/status`);
    try {
      const answers = await page.evaluate(async (key) => {
        const read = await (await fetch(`/api/pipelines?api_key=${key}`)).json();
        const write = await (
          await fetch(`/api/pipelines?api_key=${key}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"pipeline": {"name": "rebound"}}',
          })
        ).json();
        return { read, write };
      }, API_KEY);
      const message = `The Host "rebind.test:${apiPort()}" is not allowed: this server answers to loopback names, IP addresses and the names in ALLOWED_HOSTS (a defence against DNS rebinding).`;
      expect(answers.read).toEqual({ error: { code: 403, type: 'unauthorized_access', message }, status: 200 });
      expect(answers.write.error.message).toBe(message);
      expect(stored()).not.toContain('rebound');
    } finally {
      await page.close();
    }
  }, 60_000);

  it('serves an origin in CORS_ORIGINS with credentials, the SDK’s custom headers included', async () => {
    const page = await pageAt(`http://allowed.test:${pagePort}/app.html`);
    try {
      await page.waitForFunction(() => 'sdk' in window);
      const result = await page.evaluate(
        async ({ api, key }) => {
          const { createClient } = (window as unknown as { sdk: typeof import('../../sdk/src/index.js') }).sdk;
          // docs/sdk.md's example: a header of the caller's own on every call (the preflight asks for it).
          const client = createClient({ baseUrl: api, apiKey: key, headers: { 'X-Request-Source': 'docs' }, maxRetries: 0 });
          const created = await client.pipelines.create({ name: 'from allowed' });
          const raw = await fetch(`${api}/api/pipelines`, { headers: { 'X-API-KEY': key, 'X-Request-Source': 'docs' }, credentials: 'include' });
          return { created: created.uuid, listed: ((await raw.json()).pipelines as { uuid: string }[]).map((p) => p.uuid) };
        },
        { api: server.url, key: API_KEY },
      );
      expect(result).toEqual({ created: 'from_allowed', listed: expect.arrayContaining(['from_allowed']) });
      expect(stored()).toContain('from_allowed');
      const preflight = await fetch(new URL('/api/pipelines', server.url), {
        method: 'OPTIONS',
        headers: {
          Origin: `http://allowed.test:${pagePort}`,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-api-key,x-request-source',
        },
      });
      expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,x-api-key,x-request-source');
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    } finally {
      await page.close();
    }
  }, 60_000);

  it('keeps text/plain bodies working from the server’s own pages and from loopback origins', async () => {
    const same = await pageAt(`http://samehost.test:${apiPort()}/openapi.json`);
    const local = await pageAt(`http://localhost:${pagePort}/`);
    try {
      const sameOrigin = await same.evaluate(
        async ({ key }) =>
          (
            await fetch(`/api/pipelines?api_key=${key}`, {
              method: 'POST',
              headers: { 'Content-Type': 'text/plain' },
              body: '{"pipeline": {"name": "same origin"}}',
            })
          ).json(),
        { key: API_KEY },
      );
      expect(sameOrigin.pipeline.uuid).toBe('same_origin');
      const fromLocalhost = await local.evaluate(
        async ({ api, key }) =>
          (
            await fetch(`${api}/api/pipelines?api_key=${key}`, {
              method: 'POST',
              headers: { 'Content-Type': 'text/plain' },
              body: '{"pipeline": {"name": "local app"}}',
            })
          ).json(),
        { api: server.url, key: API_KEY },
      );
      expect(fromLocalhost.pipeline.uuid).toBe('local_app');
    } finally {
      await same.close();
      await local.close();
    }
  }, 60_000);
});
