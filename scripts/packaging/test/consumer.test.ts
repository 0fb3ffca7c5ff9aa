/**
 * The packages as a user gets them: every package packed (the dist `npm run build` made), the tarballs
 * installed into a fresh project in the OS temp folder (outside the workspace, so nothing resolves back into
 * it), then used there: vitest in Node with the mocks and the SDK, a CommonJS require, a page bundled by esbuild
 * from the consumer's node_modules running the mocks' service worker in Chromium, and tsc with
 * `skipLibCheck: false`.
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
import { packAll, type Tarball } from '../pack.js';
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

const tsc = async (project: string, cwd: string) => {
  const { code, stdout, stderr } = await execGroup(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', project], {
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

/** Schemas and the SDK: this program must hold no @ts-rest/core declaration, so skipLibCheck false passes. */
const SCHEMAS_TS = `
import { Pipeline, Block, ERROR_TYPES } from '@pipeline-api/contract/schemas';
import { createClient, type Pipeline as SdkPipeline } from '@pipeline-api/sdk';

type ParsedPipeline = ReturnType<typeof Pipeline.parse>;
export const parsed: ParsedPipeline = Pipeline.parse({ uuid: 'p', name: 'p' });
// @ts-expect-error: a pipeline's uuid is a string
export const wrong: ParsedPipeline = { ...parsed, uuid: 1 };
export const blockName: string | undefined = Block.safeParse({}).data?.name;
export const errorTypes: readonly string[] = ERROR_TYPES;
export const fromSdk: SdkPipeline | undefined = undefined;
export const client = createClient({ baseUrl: '${API}', apiKey: 'k' });
`;

/** The mocks' types and the contract's router: they reach @ts-rest/core, whose own declarations fail with zod 4. */
const MOCKS_TS = `
import type { MockServer } from '@pipeline-api/mocks/node';
import { setupMockWorker, type MockWorker } from '@pipeline-api/mocks/browser';
import { setupMockServer } from '@pipeline-api/mocks/node';
import { contract } from '@pipeline-api/contract';

export const server: MockServer = setupMockServer({ baseUrl: '${API}' });
export const worker: MockWorker = setupMockWorker();
// @ts-expect-error: onViolation is 'throw' or 'warn'
setupMockServer({ onViolation: 'ignore' });
export const routes = Object.keys(contract);
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
  const tarball = (name: string) => tarballs.find((t) => t.name === `@pipeline-api/${name}`)!.path;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'pipeline-consumer-'));
    tarballs = packAll(join(work, 'tarballs'), { build: false });
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
        files.filter((f) => !/^(dist\/|package\.json$|README\.md$|fixtures\.schema\.json$|public\/mockServiceWorker\.js$)/.test(f)),
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
    ['core', {}],
    ['mocks', { profile: 'node16', exclude: ['./mockServiceWorker.js'] }], // a script for the browser to register, not a module
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

  it('installs the mocks and the SDK (with the contract and the core) without anything server-only', () => {
    const install = npm(['install', ...['contract', 'core', 'mocks', 'sdk'].map(tarball)], consumer);
    expect(install.code, install.output).toBe(0);
    const installed = new Set(
      readdirSync(join(consumer, 'node_modules')).flatMap((entry) =>
        entry.startsWith('@') ? readdirSync(join(consumer, 'node_modules', entry)).map((name) => `${entry}/${name}`) : [entry],
      ),
    );
    expect(installed.has('msw') && installed.has('@pipeline-api/core')).toBe(true); // the listing sees what is there
    expect(SERVER_ONLY.filter((name) => installed.has(name))).toEqual([]);
    expect(installed.has('openapi3-ts')).toBe(false);
    // Then the consumer's own tools.
    const tools = npm(['install', `vitest@${rootDev('vitest')}`], consumer);
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
    const worker = createRequire(join(consumer, 'package.json')).resolve('@pipeline-api/mocks/mockServiceWorker.js');
    expect(worker).toBe(join(consumer, 'node_modules/@pipeline-api/mocks/public/mockServiceWorker.js'));

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

  it("type-checks the contract's schemas and the SDK with skipLibCheck false; the mocks' types fail only inside @ts-rest/core", async () => {
    writeFileSync(join(consumer, 'schemas.ts'), SCHEMAS_TS);
    writeFileSync(join(consumer, 'mocks.ts'), MOCKS_TS);
    writeFileSync(join(consumer, 'tsconfig.schemas.json'), tsconfig('schemas.ts', false));
    writeFileSync(join(consumer, 'tsconfig.mocks-strict.json'), tsconfig('mocks.ts', false));
    writeFileSync(join(consumer, 'tsconfig.mocks.json'), tsconfig('mocks.ts', true));

    const [schemas, strict, mocks] = await Promise.all([
      tsc('tsconfig.schemas.json', consumer),
      tsc('tsconfig.mocks-strict.json', consumer),
      tsc('tsconfig.mocks.json', consumer),
    ]);
    expect(schemas.code, schemas.output).toBe(0);

    // The failure the schemas entry avoids is real: ts-rest 3.53.0-rc.1's declarations name zod 3 types.
    expect(strict.code).not.toBe(0);
    expect(strict.errorFiles.length, strict.output).toBeGreaterThan(0);
    expect(
      strict.errorFiles.filter((file) => !file.startsWith('node_modules/@ts-rest/core/')),
      strict.output,
    ).toEqual([]);

    expect(mocks.code, mocks.output).toBe(0);
  }, 120_000);
});
