/** The query package's cells of the shared consumer app's type-check (scripts/packaging/test/consumer-programs.ts). */
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

/** NodeNext checks and emits index.ts (then run); Svelte and Angular apps build with Bundler resolution. */
export const QUERY_CONSUMER_FILES = { 'query/index.ts': CONSUMER_TS, 'query/svelte.ts': CONSUMER_SVELTE, 'query/angular.ts': CONSUMER_ANGULAR };
