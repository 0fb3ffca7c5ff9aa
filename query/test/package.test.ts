import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attw, publint, PUBLINT_CLEAN } from '../../scripts/packaging/lint.js';
import { sharedTarballs, tarballOf } from '../../scripts/packaging/shared-tarballs.js';
import { TestServer } from '../../server/test/harness.js';

const queryDir = fileURLToPath(new URL('..', import.meta.url));
const root = join(queryDir, '..');
const sdkDir = join(root, 'sdk');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const devVersion = (name: string) => JSON.parse(readFileSync(join(queryDir, 'package.json'), 'utf8')).devDependencies[name] as string;

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 180_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

async function runNode(args: string[], cwd: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd, env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** A user's app: a bare QueryClient (what every adapter wraps) at run time; Vue, Solid, Svelte and Angular Query's types. */
const CONSUMER_TS = `
import { createClient, RecordNotFoundError, type Block, type Pipeline, type PipelineError } from '@pipeline-api/sdk';
import { createQueries, queryKeys, refetchUntil } from '@pipeline-api/query';
import { MutationObserver, QueryClient, type InfiniteData } from '@tanstack/query-core';
import { useQuery, useInfiniteQuery, useMutation } from '@tanstack/vue-query';
import * as solid from '@tanstack/solid-query';

declare const process: { env: Record<string, string | undefined>; exitCode?: number };
const client = createClient({ baseUrl: process.env.API_URL!, apiKey: 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' });
const api = createQueries(client);
const queryClient = new QueryClient();

/** Never called: checked by tsc against Vue Query's own types (an adapter infers data and error from the options). */
export function inComponent() {
  const detail = useQuery(api.pipelines.detail.queryOptions('p'));
  const pipeline: Pipeline | undefined = detail.data.value;
  const error = detail.error.value;
  if (error?.type === 'record_not_found') { const narrowed: RecordNotFoundError = error; void narrowed; }
  // @ts-expect-error: not a catalogue type
  void (error?.type === 'record_not_fund');
  const pages = useInfiniteQuery(api.pipelines.blocks.list.infiniteQueryOptions('p', { limit: 20 }));
  const blocks: Block[] | undefined = pages.data.value?.pages.flatMap((page) => page.data);
  const create = useMutation(api.pipelines.blocks.create.mutationOptions());
  create.mutate({ pipeline_uuid: 'p', block: { name: 'b', type: 'transformer' } });
  // @ts-expect-error: the payload is required
  create.mutate({ pipeline_uuid: 'p' });
  // @ts-expect-error: a read has no mutationOptions
  void api.pipelines.list.mutationOptions;
  const polled = useQuery({ ...api.pipelines.detail.queryOptions('p'), refetchInterval: refetchUntil<Pipeline>((p) => p.blocks?.length === 0) });
  return [pipeline, blocks, polled];
}

/** The same objects through Solid's accessors. */
export function solidComponent(props: { uuid: string }) {
  const detail = solid.useQuery(() => api.pipelines.detail.queryOptions(props.uuid));
  if (detail.error?.type === 'record_not_found') { const narrowed: RecordNotFoundError = detail.error; void narrowed; }
  const pages = solid.useInfiniteQuery(() => api.pipelines.blocks.list.infiniteQueryOptions(props.uuid, { limit: 20 }));
  solid.useMutation(() => api.pipelines.blocks.create.mutationOptions()).mutate({ pipeline_uuid: props.uuid, block: { name: 'b', type: 'transformer' } });
  const data: [Pipeline | undefined, Block[] | undefined] = [detail.data, pages.data?.pages.flatMap((page) => page.data)];
  return data;
}
async function main() {
  await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
  const created = await new MutationObserver(queryClient, api.pipelines.create.mutationOptions()).mutate({ pipeline: { name: 'consumer' } });
  const pipeline: Pipeline = await queryClient.fetchQuery(api.pipelines.detail.queryOptions(created.uuid));
  const typed: Pipeline | undefined = queryClient.getQueryData(api.pipelines.detail.queryKey(created.uuid));
  await new MutationObserver(queryClient, api.pipelines.blocks.create.mutationOptions()).mutate({ pipeline_uuid: pipeline.uuid, block: { name: 'load', type: 'data_loader' } });
  const stale = queryClient.getQueryState(queryKeys.detail('pipelines', pipeline.uuid))?.isInvalidated;
  const infinite: InfiniteData<{ data: Block[] }, number> = await queryClient.fetchInfiniteQuery(api.pipelines.blocks.list.infiniteQueryOptions(pipeline.uuid));
  const missing = (await queryClient.fetchQuery(api.pipelines.detail.queryOptions('missing')).catch((e: unknown) => e)) as PipelineError;
  console.log(JSON.stringify({ uuid: typed?.uuid, stale, blocks: infinite.pages[0]!.data.map((b) => b.uuid), missing: missing.type }));
}
main().catch((error) => { console.error(error); process.exitCode = 1; });
`;

/** Svelte 5's thunks, checked as Svelte apps build (Vite: Bundler resolution; svelte-query's types need it). */
const CONSUMER_SVELTE = `
import { createClient, RecordNotFoundError, type Block, type Pipeline } from '@pipeline-api/sdk';
import { createQueries } from '@pipeline-api/query';
import * as svelte from '@tanstack/svelte-query';

const api = createQueries(createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }));
export function svelteComponent(uuid: string) {
  const detail = svelte.createQuery(() => api.pipelines.detail.queryOptions(uuid));
  if (detail.error?.type === 'record_not_found') { const narrowed: RecordNotFoundError = detail.error; void narrowed; }
  const pages = svelte.createInfiniteQuery(() => api.pipelines.blocks.list.infiniteQueryOptions(uuid, { limit: 20 }));
  svelte.createMutation(() => api.pipelines.blocks.create.mutationOptions()).mutate({ pipeline_uuid: uuid, block: { name: 'b', type: 'transformer' } });
  const data: [Pipeline | undefined, Block[] | undefined] = [detail.data, pages.data?.pages.flatMap((page) => page.data)];
  return data;
}

`;

/** Angular's signals, checked as Angular apps build (its CLI: Bundler resolution). Never called: inject* needs an injection context. */
const CONSUMER_ANGULAR = `
import { createClient, RecordNotFoundError, type Block, type Pipeline } from '@pipeline-api/sdk';
import { createQueries } from '@pipeline-api/query';
import { injectInfiniteQuery, injectMutation, injectQuery } from '@tanstack/angular-query-experimental';

const api = createQueries(createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }));
export function angularComponent(uuid: string) {
  const detail = injectQuery(() => api.pipelines.detail.queryOptions(uuid));
  const error = detail.error();
  if (error?.type === 'record_not_found') { const narrowed: RecordNotFoundError = error; void narrowed; }
  // @ts-expect-error: not a catalogue type
  void (error?.type === 'record_not_fund');
  const pages = injectInfiniteQuery(() => api.pipelines.blocks.list.infiniteQueryOptions(uuid, { limit: 20 }));
  const create = injectMutation(() => api.pipelines.blocks.create.mutationOptions());
  create.mutate({ pipeline_uuid: uuid, block: { name: 'b', type: 'transformer' } });
  // @ts-expect-error: the payload is required
  create.mutate({ pipeline_uuid: uuid });
  const data: [Pipeline | undefined, Block[] | undefined] = [detail.data(), pages.data()?.pages.flatMap((page) => page.data)];
  return data;
}
`;

const CONSUMER_CJS = `
const { createClient } = require('@pipeline-api/sdk');
const { createQueries, queryKeys } = require('@pipeline-api/query');
const api = createQueries(createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }));
console.log(JSON.stringify({ key: api.pipelines.list.queryKey({ limit: 1 }), all: queryKeys.all('blocks') }));
`;

describe('the published query package', () => {
  let work: string;
  const tarballs: Record<string, string> = {};
  let server: TestServer;

  beforeAll(async () => {
    for (const dir of [sdkDir, queryDir]) {
      if (!existsSync(join(dir, 'dist/index.js'))) throw new Error(`${dir}/dist is missing: run \`npm run build\` first`);
    }
    work = mkdtempSync(join(tmpdir(), 'pipeline-query-'));
    const packed = await sharedTarballs();
    for (const name of ['sdk', 'query']) tarballs[name] = tarballOf(packed, name);
    server = await TestServer.start();
  }, 120_000); // may wait for another file packing the shared tarballs
  afterAll(() => server?.close());

  it('ships dist and README only; peers on the SDK and @tanstack/query-core, with no runtime dependency or framework', () => {
    const files = execFileSync('tar', ['-tzf', tarballs.query!], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(files).toEqual(
      ['README.md', 'dist/index.cjs', 'dist/index.cjs.map', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.js', 'dist/index.js.map', 'package.json'].map(
        (f) => `package/${f}`,
      ),
    );
    const pkg = JSON.parse(readFileSync(join(queryDir, 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(Object.keys(pkg.peerDependencies)).toEqual(['@pipeline-api/sdk', '@tanstack/query-core']);
    for (const file of ['index.js', 'index.cjs']) {
      const text = readFileSync(join(queryDir, 'dist', file), 'utf8');
      // query-core is only ever imported for types: the factories are plain objects.
      expect(text, file).not.toMatch(/@tanstack|react|vue/);
    }
  });

  it('passes publint and are-the-types-wrong with no problem', () => {
    const lint = publint(queryDir);
    expect(lint.code, lint.output).toBe(0);
    expect(lint.output).not.toMatch(PUBLINT_CLEAN);
    const types = attw(tarballs.query!);
    expect(types.code, types.output).toBe(0);
    expect(types.output).toMatch(/No problems found/);
  });

  it('installs into a fresh app beside query-core and the Vue, Solid, Svelte and Angular adapters, type-checks with skipLibCheck false, and runs', async () => {
    const consumer = join(work, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const packages = [
      tarballs.sdk!,
      tarballs.query!,
      `@tanstack/query-core@${devVersion('@tanstack/query-core')}`,
      ...[
        '@tanstack/vue-query',
        'vue',
        '@tanstack/solid-query',
        'solid-js',
        '@tanstack/svelte-query',
        'svelte',
        '@tanstack/angular-query-experimental',
        '@angular/core',
        '@angular/common',
        'rxjs',
      ].map((name) => `${name}@${devVersion(name)}`),
    ];
    const install = run('npm', ['install', ...packages, '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'], consumer);
    expect(install.code, install.output).toBe(0);
    writeFileSync(join(consumer, 'index.ts'), CONSUMER_TS);
    writeFileSync(join(consumer, 'svelte.ts'), CONSUMER_SVELTE);
    writeFileSync(join(consumer, 'angular.ts'), CONSUMER_ANGULAR);
    writeFileSync(join(consumer, 'run.cjs'), CONSUMER_CJS);
    const tsconfig = (module: string, include: string, emit: boolean) =>
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module,
          moduleResolution: module === 'ESNext' ? 'Bundler' : module,
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: [],
          strict: true,
          skipLibCheck: false,
          outDir: 'out',
          noEmitOnError: true,
          noEmit: !emit,
        },
        include: [include],
      });
    writeFileSync(join(consumer, 'tsconfig.json'), tsconfig('NodeNext', 'index.ts', true));
    writeFileSync(join(consumer, 'tsconfig.svelte.json'), tsconfig('ESNext', 'svelte.ts', false));
    writeFileSync(join(consumer, 'tsconfig.angular.json'), tsconfig('ESNext', 'angular.ts', false));
    for (const project of ['tsconfig.json', 'tsconfig.svelte.json', 'tsconfig.angular.json']) {
      const tsc = run(bin('tsc'), ['-p', project], consumer);
      expect(tsc.code, `${project}:\n${tsc.output}`).toBe(0);
    }

    const esm = await runNode(['out/index.js'], consumer, { API_URL: server.url });
    expect(esm.code, esm.output).toBe(0);
    expect(JSON.parse(esm.output.trim().split('\n').at(-1)!)).toEqual({ uuid: 'consumer', stale: true, blocks: ['load'], missing: 'record_not_found' });
    const cjs = await runNode(['run.cjs'], consumer, {});
    expect(cjs.code, cjs.output).toBe(0);
    expect(JSON.parse(cjs.output.trim())).toEqual({ key: ['pipelines', 'list', { limit: 1 }], all: ['blocks'] });
  }, 240_000);
});
