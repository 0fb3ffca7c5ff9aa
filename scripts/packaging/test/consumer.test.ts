/**
 * The packages as a user gets them: every package packed (the dist `npm run build` made), the tarballs
 * installed into a fresh app (consumer-app.ts: outside the workspace's packages, so nothing resolves back into
 * them) with msw 3 (the app's own), then used there: vitest in Node with the mocks and the SDK, a CommonJS require,
 * a page bundled by esbuild from the app's node_modules running msw's own service worker in Chromium, and
 * tsc (5.9 and 7) with `strict` and `skipLibCheck: false` over every library package. consumer-matrix.test.ts
 * runs the mocks on the other Node versions and msw 2.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../../../conformance/browser.js';
import { execGroup } from '../../process-group.js';
import { TYPESCRIPT_7 } from '../consumer-app.js';
import { consumerEnv } from '../consumer-env.js';
import { attwProblems, publintProblems } from '../lint.js';
import { unexpectedFiles } from '../published-files.js';
import type { Tarball } from '../pack.js';
import { sharedTarballs, tarballOf } from '../shared-tarballs.js';
import { SERVER_ONLY } from '../workspaces.js';
import { API, sharedConsumer, type Consumer } from './consumer-programs.js';

declare global {
  /** What the bundled page leaves for the test. */
  interface Window {
    consumerResult?: unknown;
    consumerFailure?: string;
  }
}

const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

const NODE_TEST = `
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '@pipeline-api/sdk';
import { setupMockServer } from '@pipeline-api/mocks/node';

const mock = setupMockServer({ baseUrl: '${API}' });
beforeAll(() => mock.listen());
afterAll(() => mock.close());

it('logs in, creates a pipeline and lists it through the mocks', async () => {
  const client = createClient({ baseUrl: '${API}', apiKey: '${API_KEY}' });
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  const created = await client.pipelines.create({ name: 'from the consumer' });
  expect(created.uuid).toBe('from_the_consumer');
  expect((await client.pipelines.list()).map((p) => p.uuid)).toEqual(['from_the_consumer']);
  const api = await mock.api();
  expect(api).toBeDefined();
});
`;

const CJS = `
const { setupMockServer } = require('@pipeline-api/mocks/node');
const { createClient } = require('@pipeline-api/sdk');
const { Pipeline } = require('@pipeline-api/contract/schemas');
const mock = setupMockServer({ baseUrl: '${API}' });
mock.listen();
const client = createClient({ baseUrl: '${API}', apiKey: '${API_KEY}' });
(async () => {
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  const created = await client.pipelines.create({ name: 'from cjs' });
  const parsed = Pipeline.safeParse({ uuid: created.uuid });
  console.log(JSON.stringify({ uuid: created.uuid, schema: typeof Pipeline.parse, resolved: require.resolve('@pipeline-api/mocks/node') }));
  mock.close();
})().catch((error) => { console.error(error); process.exitCode = 1; });
`;

const PAGE = `
import { setupMockWorker } from '@pipeline-api/mocks/browser';
import { createClient } from '@pipeline-api/sdk';

declare global { interface Window { consumerResult?: unknown; consumerFailure?: string } }
const mock = setupMockWorker({ baseUrl: window.location.origin });
try {
  await mock.start({ serviceWorker: { url: '/mockServiceWorker.js' } });
  const client = createClient({ baseUrl: window.location.origin, apiKey: '${API_KEY}' });
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  const created = await client.pipelines.create({ name: 'from the page' });
  const listed = (await client.pipelines.list()).map((p) => p.uuid);
  window.consumerResult = { created: created.uuid, listed };
} catch (error) {
  window.consumerFailure = String(error);
}
`;

describe('the packed packages in a fresh project', () => {
  let tarballs: Tarball[];
  let ready: Promise<Consumer>;
  let work: string | undefined;
  const tarball = (name: string) => tarballOf(tarballs, name);
  /** This file's own folder in the shared app. */
  const workspace = async () => (work ??= (await ready).app.workspace('consumer'));

  beforeAll(async () => {
    tarballs = await sharedTarballs();
    // Installed and type-checked while the lint tests run; a failure fails the tests that wait for it.
    ready = sharedConsumer();
    ready.catch(() => undefined);
  }, 120_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('ships built code, declarations and nothing of the repository (no tests, no sources)', () => {
    for (const { name, files } of tarballs) {
      // The publish allow-list (scripts/packaging/published-files.ts) is the one list of what a package may carry.
      expect(unexpectedFiles(name, files), name).toEqual([]);
      expect(files.filter((f) => f.endsWith('.js')).length, name).toBeGreaterThan(0);
      expect(
        files.some((f) => f.endsWith('.d.ts')),
        name,
      ).toBe(true);
    }
    const server = tarballs.find((t) => t.name === '@pipeline-api/server')!;
    expect(server.files.filter((f) => /test|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    expect(server.files).toContain('dist/pipeline-api-server.js');
  });

  // The SDK and the query package run the same checks in their own package tests.
  it.each([
    ['contract', 'node16'],
    ['core', 'node16'],
    ['mocks', 'node16'],
    ['server', 'esm-only'],
  ] as const)(
    '@pipeline-api/%s passes publint and are-the-types-wrong',
    async (name, profile) => {
      expect(await publintProblems(tarball(name)), 'publint --strict').toEqual([]);
      expect(await attwProblems(tarball(name), profile), `attw --profile ${profile}`).toEqual([]);
    },
    60_000,
  );

  it('installs the mocks, the SDK and the query layer (with the contract and the core) without anything server-only', async () => {
    const { app } = await ready;
    const installed = new Set(
      readdirSync(join(app.dir, 'node_modules')).flatMap((entry) =>
        entry.startsWith('@') ? readdirSync(join(app.dir, 'node_modules', entry)).map((name) => `${entry}/${name}`) : [entry],
      ),
    );
    expect(installed.has('msw') && installed.has('@pipeline-api/core')).toBe(true); // the listing sees what is there
    expect(SERVER_ONLY.filter((name) => installed.has(name))).toEqual([]);
    expect(installed.has('openapi3-ts')).toBe(false);
    // The contract declares its own route types, and the server routes with the core's table: nothing brings ts-rest.
    expect(installed.has('@ts-rest/core')).toBe(false);
  }, 600_000);

  it('runs the mocks with the SDK from vitest, and from CommonJS', async () => {
    const { app } = await ready;
    const consumer = await workspace();
    writeFileSync(join(consumer, 'mocks.test.ts'), NODE_TEST);
    const vitest = await execGroup(join(app.dir, 'node_modules/.bin/vitest'), ['run', 'mocks.test.ts'], {
      cwd: consumer,
      env: consumerEnv(),
      timeoutMs: 90_000,
    });
    expect(vitest.code, `${vitest.stdout}${vitest.stderr}`).toBe(0);
    expect(vitest.stdout).toMatch(/Tests\s+1 passed/);

    writeFileSync(join(consumer, 'run.cjs'), CJS);
    const cjs = await execGroup(process.execPath, ['run.cjs'], { cwd: consumer, env: consumerEnv(), timeoutMs: 60_000 });
    expect(cjs.code, `${cjs.stdout}${cjs.stderr}`).toBe(0);
    const result = JSON.parse(cjs.stdout.trim().split('\n').at(-1)!);
    expect(result).toMatchObject({ uuid: 'from_cjs', schema: 'function' });
    expect(result.resolved).toBe(join(app.dir, 'node_modules/@pipeline-api/mocks/dist/node.cjs'));
  }, 600_000);

  it('runs the mocks in Chromium: a page bundled from node_modules, answered by the service worker', async () => {
    const { app } = await ready;
    const consumer = await workspace();
    writeFileSync(join(consumer, 'page.ts'), PAGE);
    const bundle = await build({
      entryPoints: [join(consumer, 'page.ts')],
      absWorkingDir: app.dir,
      metafile: true,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    // Built from the consumer's node_modules: the packages' dist, never the workspace's sources.
    const ours = Object.keys(bundle.metafile.inputs).filter((input) => input.includes('@pipeline-api/'));
    expect(ours).not.toEqual([]);
    expect(ours.filter((input) => !input.startsWith('node_modules/@pipeline-api/') || !input.includes('/dist/'))).toEqual([]);
    // msw's own worker script, of the msw the app installed (what `npx msw init public/` writes).
    const worker = createRequire(join(consumer, 'page.ts')).resolve('msw/mockServiceWorker.js');
    expect(worker).toBe(join(app.dir, 'node_modules/msw/lib/mockServiceWorker.js'));

    const site = await serveFiles({
      '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><title>consumer</title><script type="module" src="/page.js"></script>' },
      '/page.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.contents },
      '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(worker) },
    });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      const reachedServer: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The static server has no API (a plain-text 404): the SDK's answers can only come from the worker.
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/api/') && !response.fromServiceWorker()) reachedServer.push(response.url());
      });
      await page.goto(site.url);
      await page.waitForFunction(() => window.consumerResult !== undefined || window.consumerFailure !== undefined, undefined, { timeout: 30_000 });
      expect(await page.evaluate(() => window.consumerFailure)).toBeUndefined();
      expect(await page.evaluate(() => window.consumerResult)).toEqual({ created: 'from_the_page', listed: ['from_the_page'] });
      expect(reachedServer).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await site.close();
    }
  }, 600_000);

  it('type-checks every library package with strict and skipLibCheck false, on TypeScript 5.9 and 7: zero errors', async () => {
    // consumer/types.ts in the shared programs (consumer-programs.ts): NodeNext on 5.9 beside other cells, and on 7.
    const { checks } = await ready;
    const [ts5, ts7] = [checks.result('nodenext'), checks.result('typescript-7')];
    expect([ts5.version.split('.')[0], ts7.version]).toEqual(['5', TYPESCRIPT_7]);
    expect(checks.problems('nodenext', ['consumer/types.ts']), 'TypeScript 5.9').toEqual([]);
    expect(checks.problems('typescript-7', ['consumer/types.ts']), 'TypeScript 7').toEqual([]);
    expect(ts7.code, ts7.output).toBe(0);
  }, 600_000);
});
