/**
 * docs/build-an-app.md as a user follows it: its `sh app` commands make the app (npm installs the packed tarballs
 * and the registry's React, Vite, TypeScript and msw, and `msw init` writes the worker), its `file=` blocks are
 * the app's files, then the app type-checks, builds with Vite and is clicked through in headless Chromium: on the
 * mocks (a refused sign-in, the list, a pipeline's blocks, a run to completed with its block runs), built with
 * VITE_API_URL on the reference server (the same, then an alert once the server is gone), and on a server with a
 * generated API key (the sign-in's alert). It takes the page's screenshots (docs/images/build-an-app-*.png). The installed app is made once per tarball content and
 * install commands, and shared (consumer-app.ts's folder); each run builds the page's files in a folder of its own.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@pipeline-api/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { launchChromium, serveFiles } from '../../conformance/browser.js';
import { execGroup } from '../../scripts/process-group.js';
import { consumerEnv } from '../../scripts/packaging/consumer-env.js';
import { API_KEY, OWNER, TestServer } from '../../server/test/harness.js';
import { codeBlocks } from './markdown.js';
import { pageApp } from './page-app.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const blocks = codeBlocks(readFileSync(join(root, 'docs/build-an-app.md'), 'utf8'));
/** The page's commands that make the app, in order: they start in the folder holding the kit's clone. */
const installCommands = blocks.filter((b) => b.lang === 'sh' && b.flags.includes('app')).map((b) => b.code);
/** The app's files: each block tagged `file=<path>`. */
const appFiles = blocks.flatMap((b) => {
  const path = b.flags.find((flag) => flag.startsWith('file='))?.slice('file='.length);
  return path ? [{ path, code: b.code }] : [];
});
/** The folder the page's `mkdir` makes. */
const APP_FOLDER = 'my-app';

/** The installed app: the page's commands run beside `pipeline-api-kit/packed`, the packed tarballs. */
async function installedApp(): Promise<string> {
  return join((await pageApp('build-an-app', installCommands, { timeoutMs: 540_000 })).folder, APP_FOLDER);
}

/** The page's files in a fresh folder inside the app (where its node_modules resolve), with the worker msw wrote. */
function appCopy(app: string, name: string): string {
  mkdirSync(join(app, 'work'), { recursive: true });
  const dir = mkdtempSync(join(app, 'work', `${name}-`));
  copies.push(dir);
  for (const { path, code } of appFiles) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  cpSync(join(app, 'public'), join(dir, 'public'), { recursive: true });
  return dir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** `vite build` in the copy (VITE_API_URL as given), and its dist as served files. */
async function build(expect: ExpectStatic, dir: string, app: string, apiUrl?: string) {
  const { VITE_API_URL: _, ...env } = consumerEnv();
  const vite = await execGroup(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: dir,
    env: apiUrl ? { ...env, VITE_API_URL: apiUrl } : env,
    timeoutMs: 120_000,
  });
  expect(vite.code, `vite build failed:\n${vite.stdout}${vite.stderr}`).toBe(0);
  const files: Record<string, { type: string; body: Uint8Array }> = {};
  const walk = (path: string): string[] => (statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => walk(join(path, name))) : [path]);
  for (const file of walk(join(dir, 'dist'))) {
    files[`/${relative(join(dir, 'dist'), file)}`] = { type: TYPES[extname(file)] ?? 'application/octet-stream', body: readFileSync(file) };
  }
  files['/'] = files['/index.html']!;
  return files;
}

let app: string;
let browser: Browser;
const copies: string[] = [];
beforeAll(async () => {
  [app, browser] = await Promise.all([installedApp(), launchChromium()]);
}, 660_000);
afterAll(async () => {
  await browser?.close();
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

const images = fileURLToPath(new URL('../images/', import.meta.url));

/** The page's pictures: written to docs/images when missing or with UPDATE_SCREENSHOTS=1, else to a temp folder. */
async function screenshot(expect: ExpectStatic, page: Page, name: string) {
  const checkedIn = join(images, `build-an-app-${name}.png`);
  const target = process.env.UPDATE_SCREENSHOTS || !existsSync(checkedIn) ? checkedIn : join(tmpdir(), `build-an-app-${name}.png`);
  await page.screenshot({ path: target });
  expect(statSync(target).size).toBeGreaterThan(3_000);
}

/** The built page open in a fresh context, with what it threw or logged as an error; closed after `use`. */
async function opened<T>(files: Record<string, { type: string; body: Uint8Array }>, use: (page: Page, errors: string[]) => Promise<T>) {
  const site = await serveFiles(files);
  const context = await browser.newContext({ viewport: { width: 720, height: 240 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(site.url);
    return await use(page, errors);
  } finally {
    await context.close();
    await site.close();
  }
}

const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();
/** expect.poll with room for a loaded machine. */
const poll = <T>(expect: ExpectStatic, read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

/** Fills in the password and signs in: then the list shows, or an alert says why not. */
async function signIn(expect: ExpectStatic, page: Page, password = 'admin', outcome: 'list' | 'alert' = 'list') {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (outcome === 'list') await page.locator('h1', { hasText: 'Pipelines' }).waitFor({ timeout: 30_000 });
  else await poll(expect, () => texts(page, '[role=alert]')).toHaveLength(1);
}

/** From the list to a pipeline's blocks, "Run now", and the run's page until the run is over; the block runs it shows. */
async function runThrough(expect: ExpectStatic, page: Page, pipeline: string, shoot = false) {
  if (shoot) await screenshot(expect, page, 'pipelines');
  await page.getByRole('button', { name: pipeline }).click();
  await page.locator('ol li').first().waitFor({ timeout: 30_000 });
  const blocks = await texts(page, 'ol li');
  if (shoot) await screenshot(expect, page, 'pipeline');
  await page.getByRole('button', { name: 'Run now' }).click();
  await poll(expect, () => page.locator('output').textContent()).toBe('completed');
  const blockRuns = await texts(page, 'ul li');
  if (shoot) await screenshot(expect, page, 'run');
  return { heading: await page.locator('h1').textContent(), blocks, blockRuns };
}

describe('docs/build-an-app.md', () => {
  it('has the install commands and the files the page builds', () => {
    expect(installCommands.join('\n')).toMatch(/npx msw init public\/ --save/);
    expect(appFiles.map((f) => f.path).sort()).toEqual([
      'index.html',
      'src/App.tsx',
      'src/Pipeline.tsx',
      'src/Pipelines.tsx',
      'src/Run.tsx',
      'src/api.ts',
      'src/main.tsx',
      'src/mocks.ts',
      'tsconfig.json',
      'vite.config.ts',
    ]);
    // The one line of Vite configuration a user adds: the kit's plugin, from the packed mocks (the builds below load it).
    const viteConfig = appFiles.find((f) => f.path === 'vite.config.ts')!.code;
    expect(viteConfig).toContain("import { pipelineApiMocks } from '@pipeline-api/mocks/vite';");
    expect(viteConfig).toContain('plugins: [pipelineApiMocks()]');
    // Rendered before anything is awaited: nothing the API or the mocks do leaves the page blank.
    const main = appFiles.find((f) => f.path === 'src/main.tsx')!.code;
    expect(main.indexOf('root.render(')).toBeLessThan(main.indexOf('await '));
    // The page's pictures are the ones this test takes.
    for (const name of ['pipelines', 'pipeline', 'run', 'sign-in-refused'])
      expect(readFileSync(join(root, 'docs/build-an-app.md'), 'utf8')).toContain(`(images/build-an-app-${name}.png)`);
  });

  it('installs the SDK and the query layer as dependencies, the mocks and msw as dev dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(Object.keys(manifest.dependencies!)).toEqual(expect.arrayContaining(['@pipeline-api/sdk', '@pipeline-api/query', 'react']));
    expect(Object.keys(manifest.devDependencies!)).toEqual(expect.arrayContaining(['@pipeline-api/mocks', 'msw', 'vite']));
    expect(manifest.msw).toEqual({ workerDirectory: ['public'] });
  });
});

/** A server for the page: scheduler ticks every 50 ms, its blocks run 300 ms, so a run is over in about a second. */
async function pageServer(config: Parameters<typeof TestServer.start>[0] = {}) {
  return TestServer.start({ config: { schedulerIntervalMs: 50, simulatedBlockDurationMs: 300, ...config?.config } });
}

// The type-check and the builds side by side: each waits on a process of its own.
describe.concurrent('docs/build-an-app.md, checked, built and clicked through', () => {
  it('type-checks strict with the packed declarations', async ({ expect }) => {
    const dir = appCopy(app, 'tsc');
    const tsc = await execGroup(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      cwd: dir,
      env: consumerEnv(),
      timeoutMs: 120_000,
    });
    expect(tsc.code, `${tsc.stdout}${tsc.stderr}`).toBe(0);
  }, 150_000);

  it('on the mocks: a wrong password is refused, then the pipelines, a pipeline’s blocks, a run to completed', async ({ expect }) => {
    const files = await build(expect, appCopy(app, 'mocks'), app);
    await opened(files, async (page, errors) => {
      await signIn(expect, page, 'wrong', 'alert');
      expect(await texts(page, '[role=alert]')).toEqual(['Could not sign in: Email/username and/or password invalid.']);
      await signIn(expect, page);
      expect(await texts(page, 'li')).toEqual(['daily sales: 2 blocks', 'empty pipeline: 0 blocks']);
      const shown = await runThrough(expect, page, 'daily sales', true);
      expect(shown.blocks).toEqual(['load_orders (data_loader)', 'clean_orders (transformer), after load_orders']);
      expect(shown.heading).toMatch(/^Run \d+ of daily_sales: completed$/);
      expect(shown.blockRuns).toEqual(['load_orders: completed', 'clean_orders: completed']);
      expect(errors).toEqual([]);
    });
  }, 240_000);

  it('built with VITE_API_URL: the server’s pipelines, a run to completed, then an alert once the server is gone; no mocks', async ({ expect }) => {
    const server = await pageServer();
    let closed = false;
    try {
      const client = createClient({ baseUrl: server.url, apiKey: API_KEY });
      await client.sessions.login({ email: OWNER.email, password: OWNER.password });
      await client.pipelines.create({ name: 'served pipeline' });
      await client.pipelines.blocks.create('served_pipeline', { name: 'extract', type: 'data_loader' });
      await client.pipelines.blocks.create('served_pipeline', { name: 'report', type: 'data_exporter', upstream_blocks: ['extract'] });
      const files = await build(expect, appCopy(app, 'server'), app, server.url);
      // The app's scripts (msw's worker script itself is in public/, served but never registered).
      const scripts = Object.entries(files)
        .filter(([path]) => path.endsWith('.js') && path !== '/mockServiceWorker.js')
        .map(([, file]) => Buffer.from(file.body).toString('utf8'));
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.join('\n')).not.toContain('mockServiceWorker');
      await opened(files, async (page, errors) => {
        await signIn(expect, page);
        expect(await texts(page, 'li')).toEqual(['served pipeline: 2 blocks']);
        const shown = await runThrough(expect, page, 'served pipeline');
        expect(shown.blocks).toEqual(['extract (data_loader)', 'report (data_exporter), after extract']);
        expect(shown.blockRuns).toEqual(['extract: completed', 'report: completed']);
        expect(errors).toEqual([]);
        // The server goes away: the next request's failure is on the page (after the SDK's retries), not a blank.
        await server.close();
        closed = true;
        await page.getByRole('button', { name: 'All pipelines' }).click();
        await poll(expect, () => texts(page, '[role=alert]')).toEqual([expect.stringMatching(/^Could not load the pipelines: .+/)]);
      });
    } finally {
      if (!closed) await server.close();
    }
  }, 240_000);

  it('built for a server with a generated API key: the sign-in says so, the page is never blank', async ({ expect }) => {
    const server = await pageServer({ config: { apiKey: 'a-key-this-server-generated-0123456789', apiKeyGenerated: true } });
    try {
      const files = await build(expect, appCopy(app, 'own-key'), app, server.url);
      await opened(files, async (page) => {
        await signIn(expect, page, 'admin', 'alert');
        const [alert] = await texts(page, '[role=alert]');
        expect(alert).toMatch(/^Could not sign in: Invalid API key\. This server generated its own API key/);
        expect(alert).toContain('pipeline-api-server secrets --data DIR');
        await screenshot(expect, page, 'sign-in-refused');
      });
    } finally {
      await server.close();
    }
  }, 240_000);
});
