import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attw, publint, PUBLINT_CLEAN } from '../../scripts/packaging/lint.js';
import { sharedTarballs, tarballOf } from '../../scripts/packaging/shared-tarballs.js';
import { TestServer } from '../../server/test/harness.js';
import { execGroup } from '../../scripts/process-group.js';

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const root = join(sdkDir, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Async, so the in-process server can answer while the child runs; in a process group of its own, stopped with it. */
async function runAsync(args: string[], cwd: string, env: Record<string, string>) {
  const { code, stdout, stderr } = await execGroup(process.execPath, args, { cwd, env: { ...process.env, ...env }, timeoutMs: 60_000 });
  return { code, output: `${stdout}${stderr}` };
}

const CONSUMER_TS = `
import { createClient, RecordNotFoundError, ApiError, type Pipeline, type Block, type Client } from '@pipeline-api/sdk';

declare const process: { env: Record<string, string | undefined>; exitCode?: number };
const client: Client = createClient({ baseUrl: process.env.API_URL!, apiKey: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });

async function main() {
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  const pipeline: Pipeline = await client.pipelines.create({ name: 'consumer esm', type: 'python' });
  const block: Block = await client.pipelines.blocks.create(pipeline.uuid, { name: 'load', type: 'data_loader' });
  const uuids: string[] = [];
  for await (const p of client.pipelines.list({ limit: 1 })) uuids.push(p.uuid);
  try {
    await client.pipelines.detail('missing');
  } catch (error) {
    if (!(error instanceof RecordNotFoundError) || !(error instanceof ApiError) || error.code !== 404) throw error;
  }
  // @ts-expect-error: a block type outside the contract's enum
  void (() => client.pipelines.blocks.create('p', { name: 'x', type: 'not_a_type' }));
  // @ts-expect-error: the payload is required
  void (() => client.pipelines.create());
  console.log(JSON.stringify({ uuid: pipeline.uuid, block: block.uuid, uuids }));
}
main().catch((error) => { console.error(error); process.exitCode = 1; });
`;

const CONSUMER_CTS = `
import sdk = require('@pipeline-api/sdk');
const client: sdk.Client = sdk.createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' });
const check: sdk.RecordNotFoundError | undefined = undefined;
export = { client, check };
`;

const CONSUMER_CJS = `
const { createClient, InvalidApiKeyError } = require('@pipeline-api/sdk');
const client = createClient({ baseUrl: process.env.API_URL, apiKey: 'wrong-key' });
client.pipelines.list().then(
  () => { console.error('expected an error'); process.exitCode = 1; },
  (error) => { console.log(JSON.stringify({ cjs: error instanceof InvalidApiKeyError, code: error.code })); },
);
`;

const tsconfig = (module: string, moduleResolution: string, include: string[]) =>
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module,
      moduleResolution,
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: [],
      strict: true,
      skipLibCheck: false,
      outDir: `out-${moduleResolution.toLowerCase()}`,
      noEmitOnError: true,
    },
    include,
  });

describe('the published package', () => {
  let work: string;
  let tarball: string;
  let server: TestServer;

  beforeAll(async () => {
    if (!existsSync(join(sdkDir, 'dist/index.js'))) throw new Error('sdk/dist is missing: run `npm run build` first');
    work = mkdtempSync(join(tmpdir(), 'pipeline-sdk-'));
    tarball = tarballOf(await sharedTarballs(), 'sdk');
    server = await TestServer.start();
  }, 120_000); // may wait for another file packing the shared tarballs
  afterAll(() => server?.close());

  it('ships dist and README only, with no zod or ts-rest in code or types', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(files).toEqual(
      ['README.md', 'dist/index.cjs', 'dist/index.cjs.map', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.js', 'dist/index.js.map', 'package.json'].map(
        (f) => `package/${f}`,
      ),
    );
    for (const file of ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']) {
      const text = readFileSync(join(sdkDir, 'dist', file), 'utf8');
      expect(text, file).not.toMatch(/from ['"]zod|require\(['"]zod|@ts-rest|ZodType/);
    }
    const pkg = JSON.parse(readFileSync(join(sdkDir, 'package.json'), 'utf8'));
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it('passes publint and are-the-types-wrong with no problem', () => {
    const lint = publint(sdkDir);
    expect(lint.code, lint.output).toBe(0);
    expect(lint.output).not.toMatch(PUBLINT_CLEAN);
    const types = attw(tarball);
    expect(types.code, types.output).toBe(0);
    expect(types.output).toMatch(/No problems found/);
  });

  it('installs into a fresh project that type-checks strictly (NodeNext, Bundler, CommonJS) and runs', async () => {
    const consumer = join(work, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const install = run('npm', ['install', tarball, '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'], consumer);
    expect(install.code, install.output).toBe(0);
    writeFileSync(join(consumer, 'index.ts'), CONSUMER_TS);
    writeFileSync(join(consumer, 'require.cts'), CONSUMER_CTS);
    writeFileSync(join(consumer, 'run.cjs'), CONSUMER_CJS);
    writeFileSync(join(consumer, 'tsconfig.nodenext.json'), tsconfig('NodeNext', 'NodeNext', ['index.ts', 'require.cts']));
    writeFileSync(join(consumer, 'tsconfig.bundler.json'), tsconfig('ESNext', 'Bundler', ['index.ts']));

    for (const project of ['tsconfig.nodenext.json', 'tsconfig.bundler.json']) {
      const tsc = run(bin('tsc'), ['-p', project], consumer);
      expect(tsc.code, `${project}:\n${tsc.output}`).toBe(0);
    }
    expect(readdirSync(join(consumer, 'out-nodenext'))).toContain('index.js');

    const esm = await runAsync(['out-nodenext/index.js'], consumer, { API_URL: server.url });
    expect(esm.code, esm.output).toBe(0);
    expect(JSON.parse(esm.output.trim().split('\n').at(-1)!)).toEqual({ uuid: 'consumer_esm', block: 'load', uuids: ['consumer_esm'] });
    const cjs = await runAsync(['run.cjs'], consumer, { API_URL: server.url });
    expect(cjs.code, cjs.output).toBe(0);
    expect(JSON.parse(cjs.output.trim())).toEqual({ cjs: true, code: 401 });
  }, 120_000); // npm install and two tsc runs: past 30 s on a loaded machine
});
