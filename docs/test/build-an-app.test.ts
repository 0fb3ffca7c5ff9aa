/**
 * docs/build-an-app.md as a user follows it: its `sh app` commands make the app (npm installs the packed tarballs
 * and the registry's React, Vite, TypeScript and msw, and `msw init` writes the worker), its `file=` blocks are
 * the app's files, then the app type-checks, builds with Vite and shows the mocks' data in headless Chromium; a
 * build with VITE_API_URL shows the reference server's. The installed app is made once per tarball content and
 * install commands, and shared (consumer-app.ts's folder); each run builds the page's files in a folder of its own.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@pipeline-api/sdk';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { launchChromium, serveFiles } from '../../conformance/browser.js';
import { execGroup } from '../../scripts/process-group.js';
import { CONSUMER_APPS } from '../../scripts/packaging/consumer-app.js';
import { consumerEnv } from '../../scripts/packaging/consumer-env.js';
import { sharedEntry } from '../../scripts/packaging/shared-entry.js';
import { sharedTarballs } from '../../scripts/packaging/shared-tarballs.js';
import { API_KEY, OWNER, TestServer } from '../../server/test/harness.js';
import { codeBlocks } from './markdown.js';

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

/** npm as the test runs it: from its cache when it can, without the audit and funding requests. */
const npmEnv = () => ({
  ...consumerEnv(),
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
});

/** The installed app: the page's commands run beside `pipeline-api-kit/packed`, the packed tarballs. */
async function installedApp(): Promise<string> {
  const tarballs = await sharedTarballs();
  const packed = dirname(tarballs[0]!.path);
  const key = createHash('sha256')
    .update(JSON.stringify(['build-an-app', basename(packed), installCommands]))
    .digest('hex')
    .slice(0, 16);
  const entry = await sharedEntry(
    CONSUMER_APPS,
    key,
    async (making) => {
      mkdirSync(join(making, 'pipeline-api-kit'));
      symlinkSync(packed, join(making, 'pipeline-api-kit/packed'));
      const script = ['set -euo pipefail', ...installCommands].join('\n');
      const run = await execGroup('bash', ['-c', script], { cwd: making, env: npmEnv(), timeoutMs: 540_000 });
      if (run.code !== 0) throw new Error(`the page's install commands failed (${run.code}):\n${run.stdout}${run.stderr}`);
    },
    600_000,
  );
  return join(entry, APP_FOLDER);
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

/** The page's list once it shows, and what the page threw or logged as an error meanwhile. */
async function listShown(files: Record<string, { type: string; body: Uint8Array }>) {
  const site = await serveFiles(files);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(site.url);
    await page.locator('li').first().waitFor({ timeout: 30_000 });
    return { items: await page.locator('li').allTextContents(), heading: await page.locator('h1').textContent(), errors };
  } finally {
    await context.close();
    await site.close();
  }
}

describe('docs/build-an-app.md', () => {
  it('has the install commands and the files the page builds', () => {
    expect(installCommands.join('\n')).toMatch(/npx msw init public\/ --save/);
    expect(appFiles.map((f) => f.path).sort()).toEqual(['index.html', 'src/Pipelines.tsx', 'src/api.ts', 'src/main.tsx', 'tsconfig.json', 'vite.config.ts']);
    // The one line of Vite configuration a user adds: the kit's plugin, from the packed mocks (the builds below load it).
    const viteConfig = appFiles.find((f) => f.path === 'vite.config.ts')!.code;
    expect(viteConfig).toContain("import { pipelineApiMocks } from '@pipeline-api/mocks/vite';");
    expect(viteConfig).toContain('plugins: [pipelineApiMocks()]');
  });

  it('installs the SDK and the query layer as dependencies, the mocks and msw as dev dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(Object.keys(manifest.dependencies!)).toEqual(expect.arrayContaining(['@pipeline-api/sdk', '@pipeline-api/query', 'react']));
    expect(Object.keys(manifest.devDependencies!)).toEqual(expect.arrayContaining(['@pipeline-api/mocks', 'msw', 'vite']));
    expect(manifest.msw).toEqual({ workerDirectory: ['public'] });
  });
});

// The type-check and the two builds side by side: each waits on a process of its own.
describe.concurrent('docs/build-an-app.md, checked and built', () => {
  it('type-checks strict with the packed declarations', async ({ expect }) => {
    const dir = appCopy(app, 'tsc');
    const tsc = await execGroup(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      cwd: dir,
      env: consumerEnv(),
      timeoutMs: 120_000,
    });
    expect(tsc.code, `${tsc.stdout}${tsc.stderr}`).toBe(0);
  }, 150_000);

  it('builds with Vite and shows the mocks’ pipelines in Chromium', async ({ expect }) => {
    const shown = await listShown(await build(expect, appCopy(app, 'mocks'), app));
    expect(shown.heading).toBe('Pipelines');
    expect(shown.items).toEqual(['daily sales: 2 blocks', 'empty pipeline: 0 blocks']);
    expect(shown.errors).toEqual([]);
  }, 180_000);

  it('built with VITE_API_URL, shows the server’s pipelines and loads no mocks', async ({ expect }) => {
    const server = await TestServer.start();
    try {
      const client = createClient({ baseUrl: server.url, apiKey: API_KEY });
      await client.sessions.login({ email: OWNER.email, password: OWNER.password });
      await client.pipelines.create({ name: 'served pipeline' });
      const files = await build(expect, appCopy(app, 'server'), app, server.url);
      // The app's scripts (msw's worker script itself is in public/, served but never registered).
      const scripts = Object.entries(files)
        .filter(([path]) => path.endsWith('.js') && path !== '/mockServiceWorker.js')
        .map(([, file]) => Buffer.from(file.body).toString('utf8'));
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.join('\n')).not.toContain('mockServiceWorker');
      const shown = await listShown(files);
      expect(shown.items).toEqual(['served pipeline: 0 blocks']);
      expect(shown.errors).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);
});
