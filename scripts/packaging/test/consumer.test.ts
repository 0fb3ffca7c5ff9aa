/**
 * The packages as a user gets them: every package packed (the dist `npm run build` made), the tarballs
 * installed into a fresh project in the OS temp folder (outside the workspace, so nothing resolves back into
 * it) with msw 3 (the app's own), then used there: vitest in Node with the mocks and the SDK, a CommonJS require,
 * a page bundled by esbuild from the consumer's node_modules running msw's own service worker in Chromium, and
 * tsc (5.9 and 7) with `strict` and `skipLibCheck: false` over every library package. consumer-matrix.test.ts
 * runs the mocks on the other Node versions and msw 2.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../../../conformance/browser.js';
import { execGroup } from '../../process-group.js';
import { attw, attwProblems, publint, PUBLINT_CLEAN } from '../lint.js';
import type { Tarball } from '../pack.js';
import { sharedTarballs, tarballOf } from '../shared-tarballs.js';
import { root, SERVER_ONLY } from '../workspaces.js';

declare global {
  /** What the bundled page leaves for the test. */
  interface Window {
    consumerResult?: unknown;
    consumerFailure?: string;
  }
}

const API = 'http://127.0.0.1:6789';
const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
/** The app's own msw and the TypeScript 7 it type-checks with, next to the workspace's TypeScript 5.9. */
const APP_MSW = '3.0.5';
const TYPESCRIPT_7 = '7.0.2';
const rootDev = (name: string) => JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies[name] as string;

/** The consumer's environment: nothing of the workspace's (no source condition, no NODE_OPTIONS from a parent). */
const consumerEnv = () => {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('VITEST') && key !== 'NODE_OPTIONS' && key !== 'TEST') env[key] = value;
  }
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0' };
};

const npm = (args: string[], cwd: string) => {
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--save-exact'], {
    cwd,
    env: consumerEnv(),
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
};

const tsc = async (compiler: string, project: string, cwd: string) => {
  const { code, stdout, stderr } = await execGroup(process.execPath, [compiler, '-p', project], {
    cwd,
    env: consumerEnv(),
    timeoutMs: 120_000,
  });
  const output = `${stdout}${stderr}`;
  const errorFiles = [...output.matchAll(/^(\S+?)\(\d+,\d+\): error/gm)].map((m) => m[1]!);
  return { code, output, errorFiles };
};

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

/** Every library package's public types in one program: compiled with `strict` and `skipLibCheck: false`. */
const TYPES_TS = `
import { Pipeline, Block, ERROR_TYPES } from '@pipeline-api/contract/schemas';
import { contract, walkContract, type RouteId } from '@pipeline-api/contract';
import { createApi, type Api } from '@pipeline-api/core';
import type { MockServer } from '@pipeline-api/mocks/node';
import { setupMockWorker, type MockWorker } from '@pipeline-api/mocks/browser';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { createInProcessMock } from '@pipeline-api/mocks/in-process';
import { createClient, type Pipeline as SdkPipeline } from '@pipeline-api/sdk';
import { createQueries } from '@pipeline-api/query';

type ParsedPipeline = ReturnType<typeof Pipeline.parse>;
export const parsed: ParsedPipeline = Pipeline.parse({ uuid: 'p', name: 'p' });
// @ts-expect-error: a pipeline's uuid is a string
export const wrong: ParsedPipeline = { ...parsed, uuid: 1 };
export const blockName: string | undefined = Block.safeParse({}).data?.name;
export const errorTypes: readonly string[] = ERROR_TYPES;
export const routes: RouteId[] = walkContract(contract).map((r) => r.id as RouteId);
export const method: 'GET' = contract.pipelines.list.method;
export const api: Promise<Api> = createApi();
export const server: MockServer = setupMockServer({ baseUrl: '${API}' });
export const worker: MockWorker = setupMockWorker();
// @ts-expect-error: onViolation is 'throw' or 'warn'
setupMockServer({ onViolation: 'ignore' });
const inProcess = createInProcessMock({ baseUrl: '${API}' });
export const client = createClient({ baseUrl: '${API}', apiKey: 'k', fetch: inProcess.fetch });
export const fromSdk: PromiseLike<SdkPipeline> = client.pipelines.detail('p');
export const queries = createQueries(client).pipelines.list.queryOptions();
`;

const tsconfig = (file: string, skipLibCheck: boolean) =>
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: [],
      strict: true,
      skipLibCheck,
      noEmit: true,
    },
    files: [file],
  });

describe('the packed packages in a fresh project', () => {
  let work: string;
  let consumer: string;
  let tarballs: Tarball[];
  const tarball = (name: string) => tarballOf(tarballs, name);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'pipeline-consumer-'));
    tarballs = await sharedTarballs();
    consumer = join(work, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  }, 120_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('ships built code, declarations and nothing of the repository (no tests, no sources)', () => {
    for (const { name, files } of tarballs) {
      expect(
        files.filter((f) => !/^(dist\/|package\.json$|README\.md$|fixtures\.schema\.json$)/.test(f)),
        name,
      ).toEqual([]);
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
    ['contract', { profile: 'node16' }],
    ['core', { profile: 'node16' }],
    ['mocks', { profile: 'node16' }],
    ['server', { profile: 'esm-only' }],
  ] as const)(
    '@pipeline-api/%s passes publint and are-the-types-wrong',
    (name, options) => {
      const lint = publint(join(root, name));
      expect(lint.code, lint.output).toBe(0);
      expect(lint.output).not.toMatch(PUBLINT_CLEAN);
      const types = attw(tarball(name), options);
      expect(types.code, types.output).toBe(0);
      expect(attwProblems(types), types.output).toEqual([]);
    },
    60_000,
  );

  it('installs the mocks, the SDK and the query layer (with the contract and the core) without anything server-only', () => {
    const install = npm(['install', ...['contract', 'core', 'mocks', 'sdk', 'query'].map(tarball), `msw@${APP_MSW}`, '@tanstack/query-core'], consumer);
    expect(install.code, install.output).toBe(0);
    const installed = new Set(
      readdirSync(join(consumer, 'node_modules')).flatMap((entry) =>
        entry.startsWith('@') ? readdirSync(join(consumer, 'node_modules', entry)).map((name) => `${entry}/${name}`) : [entry],
      ),
    );
    expect(installed.has('msw') && installed.has('@pipeline-api/core')).toBe(true); // the listing sees what is there
    expect(SERVER_ONLY.filter((name) => installed.has(name))).toEqual([]);
    expect(installed.has('openapi3-ts')).toBe(false);
    // The contract declares its own route types: ts-rest is the server's alone.
    expect(installed.has('@ts-rest/core')).toBe(false);
    // Then the consumer's own tools.
    const tools = npm(['install', `vitest@${rootDev('vitest')}`, `typescript@${TYPESCRIPT_7}`], consumer);
    expect(tools.code, tools.output).toBe(0);
  }, 240_000);

  it('runs the mocks with the SDK from vitest, and from CommonJS', async () => {
    writeFileSync(join(consumer, 'mocks.test.ts'), NODE_TEST);
    const vitest = await execGroup(join(consumer, 'node_modules/.bin/vitest'), ['run', 'mocks.test.ts'], {
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
    expect(result.resolved).toBe(join(consumer, 'node_modules/@pipeline-api/mocks/dist/node.cjs'));
  }, 120_000);

  it('runs the mocks in Chromium: a page bundled from node_modules, answered by the service worker', async () => {
    writeFileSync(join(consumer, 'page.ts'), PAGE);
    const bundle = await build({
      entryPoints: [join(consumer, 'page.ts')],
      absWorkingDir: consumer,
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
    const worker = createRequire(join(consumer, 'package.json')).resolve('msw/mockServiceWorker.js');
    expect(worker).toBe(join(consumer, 'node_modules/msw/lib/mockServiceWorker.js'));

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
  }, 90_000);

  it('type-checks every library package with strict and skipLibCheck false, on TypeScript 5.9 and 7: zero errors', async () => {
    writeFileSync(join(consumer, 'types.ts'), TYPES_TS);
    writeFileSync(join(consumer, 'tsconfig.strict.json'), tsconfig('types.ts', false));
    const compilers = [join(root, 'node_modules/typescript/bin/tsc'), join(consumer, 'node_modules/typescript/bin/tsc')];
    const [ts5, ts7] = await Promise.all(compilers.map((compiler) => tsc(compiler, 'tsconfig.strict.json', consumer)));
    const version = (compiler: string) => JSON.parse(readFileSync(join(compiler, '../../package.json'), 'utf8')).version as string;
    expect([version(compilers[0]!).split('.')[0], version(compilers[1]!)]).toEqual(['5', TYPESCRIPT_7]);
    expect(ts5!.output, 'TypeScript 5.9').toBe('');
    expect(ts5!.code).toBe(0);
    expect(ts7!.output, 'TypeScript 7').toBe('');
    expect(ts7!.code).toBe(0);
  }, 180_000);
});
