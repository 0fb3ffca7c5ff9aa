/**
 * Bundle size of the TanStack Query layer, side by side in one run (read the ratios, not the absolutes).
 * An app using ten routes (two paged lists with infinite queries, two details, six writes) built four ways with
 * esbuild (ESM, minified, browser, gzip -9); TanStack's own runtime is left out of every bundle (external):
 *   - our SDK calling the ten routes, and our SDK + @pipeline-api/query's factories for them;
 *   - hey-api's generated fetch client + SDK calling them, and hey-api's generated @tanstack/react-query options
 *     for them (generated here from docs/openapi.json, `_offset` as the pagination keyword), plus the
 *     next-page and invalidation code hey-api leaves to the app (ours ships both).
 * "Layer" is the TanStack layer alone: the second bundle of each pair less the first.
 * Run: npm run bench:query (after npm run build). Its sizes are fixed (ten routes): `-- --smoke` runs the same, a few seconds.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { createClient as generateHeyApi } from '@hey-api/openapi-ts';
import './smoke.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, 'bench', '.tmp-query');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

await generateHeyApi({
  input: join(root, 'docs/openapi.json'),
  output: join(work, 'heyapi'),
  parser: { pagination: { keywords: ['_offset'] } },
  plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@tanstack/react-query'],
  logs: { level: 'silent' },
});

const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';
const heyapiClient = `
  import { client } from './heyapi/client.gen';
  client.setConfig({ baseUrl: location.origin, headers: { 'X-API-KEY': '${KEY}' } });`;

const apps: Record<string, string> = {
  'our SDK': `
    import { createClient } from '@pipeline-api/sdk';
    const c = createClient({ baseUrl: location.origin, apiKey: '${KEY}' });
    console.log(c.pipelines.list({ limit: 20 }), c.pipelines.detail('p'), c.pipelines.blocks.list('p', { limit: 20 }), c.blocks.detail('b'));
    console.log(c.pipelines.create({ name: 'x' }), c.pipelines.update('p', { name: 'y' }), c.pipelines.delete('p'));
    console.log(c.pipelines.blocks.create('p', { name: 'b', type: 'transformer' }), c.pipelines.blocks.update('p', 'b', { content: '' }), c.blocks.delete('b'));`,
  'our SDK + @pipeline-api/query': `
    import { createClient } from '@pipeline-api/sdk';
    import { createQueries } from '@pipeline-api/query';
    const api = createQueries(createClient({ baseUrl: location.origin, apiKey: '${KEY}' }));
    console.log(api.pipelines.list.infiniteQueryOptions({ limit: 20 }), api.pipelines.detail.queryOptions('p'));
    console.log(api.pipelines.blocks.list.infiniteQueryOptions('p', { limit: 20 }), api.blocks.detail.queryOptions('b'));
    console.log(api.pipelines.create.mutationOptions(), api.pipelines.update.mutationOptions(), api.pipelines.delete.mutationOptions());
    console.log(api.pipelines.blocks.create.mutationOptions(), api.pipelines.blocks.update.mutationOptions(), api.blocks.delete.mutationOptions());`,
  'hey-api SDK': `${heyapiClient}
    import { pipelinesList, pipelinesDetail, pipelinesBlocksList, blocksDetail, pipelinesCreate, pipelinesUpdate, pipelinesDelete,
      pipelinesBlocksCreate, pipelinesBlocksUpdate, blocksDelete } from './heyapi/sdk.gen';
    console.log(pipelinesList({ query: { _limit: 20 } }), pipelinesDetail({ path: { uuid: 'p' } }), pipelinesBlocksList({ path: { pipeline_uuid: 'p' }, query: { _limit: 20 } }), blocksDetail({ path: { uuid: 'b' } }));
    console.log(pipelinesCreate({ body: { pipeline: { name: 'x' } } }), pipelinesUpdate({ path: { uuid: 'p' }, body: { pipeline: { name: 'y' } } }), pipelinesDelete({ path: { uuid: 'p' } }));
    console.log(pipelinesBlocksCreate({ path: { pipeline_uuid: 'p' }, body: { block: { name: 'b', type: 'transformer' } } }), pipelinesBlocksUpdate({ path: { pipeline_uuid: 'p', block_uuid: 'b' }, body: { block: { content: '' } } }), blocksDelete({ path: { uuid: 'b' } }));`,
  'hey-api SDK + @tanstack/react-query plugin': `${heyapiClient}
    import { QueryClient } from '@tanstack/react-query';
    import { pipelinesListInfiniteOptions, pipelinesDetailOptions, pipelinesBlocksListInfiniteOptions, blocksDetailOptions,
      pipelinesCreateMutation, pipelinesUpdateMutation, pipelinesDeleteMutation, pipelinesBlocksCreateMutation,
      pipelinesBlocksUpdateMutation, blocksDeleteMutation, pipelinesListQueryKey, pipelinesDetailQueryKey, pipelinesBlocksListQueryKey, blocksDetailQueryKey } from './heyapi/@tanstack/react-query.gen';
    const qc = new QueryClient();
    // What hey-api leaves to the app: the next page, and what each write invalidates.
    const getNextPageParam = (last: any, _all: any, offset: number) => (last.metadata?.next ? offset + last[Object.keys(last)[0]!].length : undefined);
    const invalidate = (...keys: any[]) => () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
    const pipelines = [{ _id: 'pipelinesList' }], blocks = [{ _id: 'pipelinesBlocksList' }];
    console.log({ ...pipelinesListInfiniteOptions({ query: { _limit: 20 } }), getNextPageParam }, pipelinesDetailOptions({ path: { uuid: 'p' } }));
    console.log({ ...pipelinesBlocksListInfiniteOptions({ path: { pipeline_uuid: 'p' }, query: { _limit: 20 } }), getNextPageParam }, blocksDetailOptions({ path: { uuid: 'b' } }));
    console.log({ ...pipelinesCreateMutation(), onSuccess: invalidate(pipelines) }, { ...pipelinesUpdateMutation(), onSuccess: invalidate(pipelines, blocks, pipelinesDetailQueryKey({ path: { uuid: 'p' } })) }, { ...pipelinesDeleteMutation(), onSuccess: invalidate(pipelines, blocks) });
    console.log({ ...pipelinesBlocksCreateMutation(), onSuccess: invalidate(blocks, pipelinesListQueryKey(), pipelinesBlocksListQueryKey({ path: { pipeline_uuid: 'p' } })) }, { ...pipelinesBlocksUpdateMutation(), onSuccess: invalidate(blocks) }, { ...blocksDeleteMutation(), onSuccess: invalidate(blocks, pipelines, blocksDetailQueryKey({ path: { uuid: 'b' } })) });`,
};

async function bundleSize(name: string, source: string) {
  const result = await build({
    stdin: { contents: source, resolveDir: work, loader: 'ts', sourcefile: `${name.replace(/\W+/g, '-')}.ts` },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    external: ['@tanstack/*'],
    nodePaths: [join(root, 'node_modules')],
  });
  const code = result.outputFiles[0]!.contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

const kb = (n: number) => `${(n / 1024).toFixed(2)} kB`;
const sizes: Record<string, { min: number; gzip: number }> = {};
for (const [name, source] of Object.entries(apps)) sizes[name] = await bundleSize(name, source);

console.log('An app using ten routes, TanStack runtime excluded (esbuild ESM minified, gzip -9)');
for (const [name, size] of Object.entries(sizes)) console.log(`  ${name.padEnd(44)} ${kb(size.min).padStart(10)} min ${kb(size.gzip).padStart(10)} gzip`);
const ourLayer = sizes['our SDK + @pipeline-api/query']!.gzip - sizes['our SDK']!.gzip;
const heyLayer = sizes['hey-api SDK + @tanstack/react-query plugin']!.gzip - sizes['hey-api SDK']!.gzip;
console.log('\nThe TanStack layer alone (second bundle less the first, gzip)');
console.log(`  @pipeline-api/query                          ${kb(ourLayer).padStart(10)}`);
console.log(`  hey-api @tanstack/react-query plugin         ${kb(heyLayer).padStart(10)}   ours / hey-api: ${(ourLayer / heyLayer).toFixed(2)}x`);
const ours = sizes['our SDK + @pipeline-api/query']!.gzip;
const theirs = sizes['hey-api SDK + @tanstack/react-query plugin']!.gzip;
console.log(`  whole app, ours / hey-api: ${(ours / theirs).toFixed(2)}x`);
console.log(`  target: layer <= 1.5 kB gzip: ${ourLayer <= 1.5 * 1024 ? 'met' : 'MISSED'} (${kb(ourLayer)})`);
rmSync(work, { recursive: true, force: true });
