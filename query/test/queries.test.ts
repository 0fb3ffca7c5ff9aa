import { contract, walkContract } from '@pipeline-api/contract';
import {
  createClient,
  RecordInvalidError,
  RecordNotFoundError,
  SessionRequiredError,
  type Block,
  type Client,
  type Pipeline,
  type PipelineError,
} from '@pipeline-api/sdk';
import { MutationObserver, QueryClient, QueryObserver, type InfiniteData } from '@tanstack/query-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, OWNER, TestServer } from '../../server/test/harness.js';
import { invalidationRule } from '../scripts/invalidation.js';
import { ROUTES } from '../src/generated/routes.js';
import { createQueries, queryKeys, refetchUntil, type Queries } from '../src/index.js';

/** Counts requests per path, so tests can tell a cache hit from a fetch and see that nothing is retried. */
function countingClient(baseUrl: string) {
  const requests: string[] = [];
  const client = createClient({
    baseUrl,
    apiKey: API_KEY,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      return fetch(input, init);
    },
  });
  return { client, requests };
}

const mutate = <TData, TVariables>(queryClient: QueryClient, options: object, variables: TVariables) =>
  new MutationObserver<TData, PipelineError, TVariables>(queryClient, options).mutate(variables);

describe('@pipeline-api/query with a bare QueryClient against the reference server', () => {
  let server: TestServer;
  let client: Client;
  let requests: string[];
  let api: Queries;
  let queryClient: QueryClient;

  beforeAll(async () => {
    server = await TestServer.start();
    ({ client, requests } = countingClient(server.url));
    await client.sessions.login(OWNER);
    for (const name of ['alpha', 'beta', 'gamma', 'delta', 'epsilon']) await client.pipelines.create({ name });
    await client.pipelines.blocks.create('alpha', { name: 'load', type: 'data_loader' });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    queryClient = new QueryClient();
    api = createQueries(client);
    requests.length = 0;
  });

  it('makes hierarchical keys: lists, infinite lists and details apart, ids as strings, parents and queries in the last item', () => {
    expect(api.pipelines.list.queryKey()).toEqual(['pipelines', 'list', {}]);
    expect(api.pipelines.list.queryKey({ limit: 2, order_by: ['-name'] })).toEqual(['pipelines', 'list', { limit: 2, order_by: ['-name'] }]);
    expect(api.pipelines.list.infiniteQueryKey({ limit: 2, offset: 4 })).toEqual(['pipelines', 'infinite', { limit: 2 }]);
    expect(api.pipelines.detail.queryKey('alpha')).toEqual(['pipelines', 'detail', 'alpha']);
    expect(api.pipelines.detail.queryKey('alpha', { includes_content: false })).toEqual(['pipelines', 'detail', 'alpha', { includes_content: false }]);
    expect(api.users.detail.queryKey(1)).toEqual(api.users.detail.queryKey('1'));
    expect(api.pipelines.blocks.list.queryKey('alpha')).toEqual(['blocks', 'list', { pipeline_uuid: 'alpha' }]);
    // The same block through its pipeline and through /api/blocks: different shapes, different keys, one prefix.
    expect(api.pipelines.blocks.detail.queryKey('alpha', 'load')).toEqual(['blocks', 'detail', 'load', { pipeline_uuid: 'alpha' }]);
    expect(api.blocks.detail.queryKey('load')).toEqual(['blocks', 'detail', 'load']);
    expect(queryKeys.detail('blocks', 'load')).toEqual(['blocks', 'detail', 'load']);
    expect(queryKeys.all('pipelines')).toEqual(['pipelines']);
  });

  it('fetches through fetchQuery and ensureQueryData (cached), typed by the key', async () => {
    const options = api.pipelines.detail.queryOptions('alpha');
    const pipeline: Pipeline = await queryClient.fetchQuery(options);
    expect(pipeline.uuid).toBe('alpha');
    expect((await queryClient.ensureQueryData(options)).uuid).toBe('alpha');
    const cached: Pipeline | undefined = queryClient.getQueryData(options.queryKey);
    expect(cached?.blocks?.map((b) => b.uuid)).toEqual(['load']);
    expect(requests).toEqual(['GET /api/pipelines/alpha']);
    const names = await queryClient.fetchQuery(api.pipelines.list.queryOptions({ order_by: ['name'], limit: 2 }));
    expect(names.map((p) => p.name)).toEqual(['alpha', 'beta']);
  });

  it('passes the query signal to the SDK: a cancelled query aborts its request', async () => {
    const aborted: boolean[] = [];
    const hanging = createClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      maxRetries: 0,
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => (aborted.push(true), reject(new Error('aborted'))));
        }),
    });
    const observer = new QueryObserver(queryClient, createQueries(hanging).pipelines.list.queryOptions());
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => observer.getCurrentResult().fetchStatus).toBe('fetching');
    await queryClient.cancelQueries({ queryKey: ['pipelines'] });
    unsubscribe();
    await expect.poll(() => aborted).toEqual([true]);
  });

  it('pages an infinite list over {next, offset}: the next offset comes from the last page', async () => {
    const options = api.pipelines.list.infiniteQueryOptions({ limit: 2, order_by: ['name'] });
    const data: InfiniteData<{ data: Pipeline[]; offset: number; next: boolean; count: number }, number> = await queryClient.fetchInfiniteQuery({
      ...options,
      pages: 4,
    });
    expect(data.pages.map((p) => [p.offset, p.data.map((x) => x.name), p.next])).toEqual([
      [0, ['alpha', 'beta'], true],
      [2, ['delta', 'epsilon'], true],
      [4, ['gamma'], false],
    ]);
    expect(data.pageParams).toEqual([0, 2, 4]);
    expect(requests).toEqual([
      'GET /api/pipelines?_limit=2&_order_by%5B%5D=name&_offset=0',
      'GET /api/pipelines?_limit=2&_order_by%5B%5D=name&_offset=2',
      'GET /api/pipelines?_limit=2&_order_by%5B%5D=name&_offset=4',
    ]);
    // Infinite and plain lists never share a cache entry (their data differ in shape).
    expect(queryClient.getQueryData(api.pipelines.list.queryKey({ limit: 2, order_by: ['name'] }))).toBeUndefined();
  });

  it('errors are the SDK typed errors, thrown for 200 envelopes, never cached as data and not retried again', async () => {
    const error = (await queryClient.fetchQuery(api.pipelines.detail.queryOptions('missing')).catch((e: unknown) => e)) as PipelineError;
    expect(error).toBeInstanceOf(RecordNotFoundError);
    if (error.type === 'record_not_found') {
      const narrowed: RecordNotFoundError = error; // compiles only because `type` narrows the union
      expect(narrowed.code).toBe(404);
    } else expect.unreachable();
    expect(queryClient.getQueryData(api.pipelines.detail.queryKey('missing'))).toBeUndefined();
    // A QueryClient retries 3 times by default; the factories leave retrying to the SDK.
    const observer = new QueryObserver(queryClient, api.pipelines.detail.queryOptions('still-missing'));
    const settled = new Promise((resolve) => observer.subscribe((r) => r.status === 'error' && resolve(r.error)));
    expect(await settled).toBeInstanceOf(RecordNotFoundError);
    expect(requests.filter((r) => r.includes('still-missing'))).toHaveLength(1);
  });

  it('creating a block invalidates that pipeline and its block lists, and nothing unrelated', async () => {
    await queryClient.fetchQuery(api.pipelines.detail.queryOptions('beta'));
    await queryClient.fetchQuery(api.pipelines.detail.queryOptions('gamma'));
    await queryClient.fetchQuery(api.pipelines.blocks.list.queryOptions('beta'));
    await queryClient.fetchQuery(api.pipelines.list.queryOptions());
    await queryClient.fetchQuery(api.users.list.queryOptions());
    const create = api.pipelines.blocks.create;
    // Blocks are also listed under a run (`/api/pipeline_runs/:id/blocks`): the runs' queries are their parent too.
    expect(create.invalidates({ pipeline_uuid: 'beta', block: { name: 'x', type: 'transformer' } })).toEqual([
      ['blocks'],
      ['pipelines', 'detail', 'beta'],
      ['pipelines', 'list'],
      ['pipelines', 'infinite'],
      ['pipeline_runs'],
    ]);
    const block = await mutate<Block, object>(queryClient, create.mutationOptions(), {
      pipeline_uuid: 'beta',
      block: { name: 'transform', type: 'transformer' },
    });
    expect(block.uuid).toBe('transform');
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(api.pipelines.detail.queryKey('beta'))).toBe(true);
    expect(invalidated(api.pipelines.blocks.list.queryKey('beta'))).toBe(true);
    expect(invalidated(api.pipelines.list.queryKey())).toBe(true);
    expect(invalidated(api.pipelines.detail.queryKey('gamma'))).toBe(false);
    expect(invalidated(api.users.list.queryKey())).toBe(false);
  });

  it('refetches active queries before the mutation settles, then runs your onSuccess', async () => {
    const observer = new QueryObserver(queryClient, api.pipelines.blocks.list.queryOptions('gamma'));
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => observer.getCurrentResult().data?.length).toBe(0);
    const seen: number[] = [];
    await mutate(
      queryClient,
      api.pipelines.blocks.create.mutationOptions({
        onSuccess: () => seen.push(observer.getCurrentResult().data!.length),
      }),
      { pipeline_uuid: 'gamma', block: { name: 'gamma load', type: 'data_loader' } },
    );
    expect(seen).toEqual([1]);
    unsubscribe();
  });

  it('creating or deleting a secret invalidates the secrets list', () => {
    expect(api.secrets.create.invalidates({ secret: { name: 'db', value: 'v' } })).toEqual([['secrets']]);
    expect(api.secrets.delete.invalidates({ name: 'db' })).toEqual([['secrets']]);
  });

  it('updating a pipeline invalidates the pipelines and what is nested under them (blocks, triggers, logs, backfills, block output downloads, variables, triggers in code); invalidate: false skips it', async () => {
    expect(api.pipelines.update.invalidates({ uuid: 'delta', pipeline: {} })).toEqual([
      ['pipelines'],
      ['blocks'],
      ['pipeline_schedules'],
      ['logs'],
      ['backfills'],
      ['block_outputs'],
      ['variables'],
      ['pipeline_triggers'],
    ]);
    expect(api.blocks.update.invalidates({ uuid: 'load', block: {} })).toEqual([['blocks'], ['pipelines'], ['pipeline_runs']]);
    await queryClient.fetchQuery(api.blocks.list.queryOptions());
    await mutate(queryClient, api.pipelines.update.mutationOptions({ invalidate: false }), { uuid: 'delta', pipeline: { description: 'x' } });
    expect(queryClient.getQueryState(api.blocks.list.queryKey())?.isInvalidated).toBe(false);
    await mutate(queryClient, api.pipelines.update.mutationOptions(), { uuid: 'delta', pipeline: { description: 'y' } });
    expect(queryClient.getQueryState(api.blocks.list.queryKey())?.isInvalidated).toBe(true);
  });

  it('starting or cancelling a backfill invalidates the backfill and its runs (the route says its write changes runs and triggers)', async () => {
    const draft = await client.pipelines.backfills.create('alpha', { name: 'november' });
    await client.backfills.update(draft.id, { start_datetime: '2026-11-01', end_datetime: '2026-11-03', interval_type: 'day', interval_units: 1 });
    const update = api.backfills.update;
    expect(update.invalidates({ id: draft.id, backfill: { status: 'initial' } })).toEqual([
      ['backfills'],
      ['pipelines'],
      ['pipeline_runs'],
      ['pipeline_schedules'],
    ]);
    const runsQuery = api.pipelineRuns.list.queryOptions({ backfill_id: String(draft.id) });
    expect(await queryClient.fetchQuery(runsQuery)).toEqual([]);
    await queryClient.fetchQuery(api.backfills.detail.queryOptions(draft.id));
    await queryClient.fetchQuery(api.users.list.queryOptions());
    await mutate(queryClient, update.mutationOptions(), { id: draft.id, backfill: { status: 'initial' } });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(runsQuery.queryKey)).toBe(true);
    expect(invalidated(api.backfills.detail.queryKey(draft.id))).toBe(true);
    expect(invalidated(api.users.list.queryKey())).toBe(false);
    expect((await queryClient.fetchQuery(runsQuery)).map((run) => run.backfill_id)).toEqual([draft.id, draft.id, draft.id]);
    await mutate(queryClient, api.backfills.update.mutationOptions(), { id: draft.id, backfill: { status: 'cancelled' } });
    expect(invalidated(runsQuery.queryKey)).toBe(true);
    await client.backfills.delete(draft.id);
  });

  it('a failed write rejects with the typed error and invalidates nothing', async () => {
    await queryClient.fetchQuery(api.pipelines.list.queryOptions());
    const error = await mutate(queryClient, api.pipelines.create.mutationOptions(), { pipeline: { name: 'alpha' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecordInvalidError);
    expect(queryClient.getQueryState(api.pipelines.list.queryKey())?.isInvalidated).toBe(false);
  });

  it('deletes with a query (force) through variables.query', async () => {
    await client.pipelines.blocks.create('epsilon', { name: 'up', type: 'data_loader' });
    await client.pipelines.blocks.create('epsilon', { name: 'down', type: 'transformer', upstream_blocks: ['up'] });
    const refused = await mutate(queryClient, api.pipelines.blocks.delete.mutationOptions(), { pipeline_uuid: 'epsilon', block_uuid: 'up' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(RecordInvalidError);
    const deleted = await mutate<Block, object>(queryClient, api.pipelines.blocks.delete.mutationOptions(), {
      pipeline_uuid: 'epsilon',
      block_uuid: 'up',
      query: { force: true },
    });
    expect(deleted.uuid).toBe('up');
  });

  it('logout removes every cached query; login refreshes them', async () => {
    const own = createClient({ baseUrl: server.url, apiKey: API_KEY });
    const mine = createQueries(own);
    await mutate(queryClient, mine.sessions.login.mutationOptions(), { session: OWNER });
    await queryClient.fetchQuery(mine.pipelines.list.queryOptions());
    await mutate(queryClient, mine.sessions.logout.mutationOptions(), undefined); // logout needs no variables
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    await expect(queryClient.fetchQuery(mine.pipelines.list.queryOptions())).rejects.toBeInstanceOf(SessionRequiredError);
    await mutate(queryClient, mine.sessions.login.mutationOptions(), { session: OWNER });
    expect(queryClient.getQueryState(mine.pipelines.list.queryKey())?.isInvalidated).toBe(true);
  });

  it('invalidates in the queryClient given to createQueries when the mutation context has none', async () => {
    const fallback = new QueryClient();
    await fallback.fetchQuery(api.pipelines.list.queryOptions());
    const withFallback = createQueries(client, { queryClient: fallback });
    const options = withFallback.pipelines.update.mutationOptions();
    const variables = { uuid: 'delta', pipeline: { description: 'z' } };
    await options.onSuccess(await options.mutationFn(variables), variables, undefined, undefined);
    expect(fallback.getQueryState(api.pipelines.list.queryKey())?.isInvalidated).toBe(true);
    const bare = api.pipelines.update.mutationOptions();
    await expect(bare.onSuccess(await bare.mutationFn(variables), variables, undefined, undefined as never)).rejects.toThrow(/no QueryClient/);
  });

  it('refetchUntil polls until the record is done, and stops on errors', () => {
    const every = refetchUntil<{ status: string }>((run) => run.status === 'completed', 500);
    expect(every({ state: { data: undefined, status: 'pending' } })).toBe(500);
    expect(every({ state: { data: { status: 'running' }, status: 'success' } })).toBe(500);
    expect(every({ state: { data: { status: 'completed' }, status: 'success' } })).toBe(false);
    expect(every({ state: { data: { status: 'running' }, status: 'error' } })).toBe(false);
  });
});

describe('the route table comes from the contract', () => {
  it('has every contract route, reads for GET, infinite options for every list that pages over _offset', () => {
    const routes = walkContract(contract);
    expect(ROUTES.map((r) => r.id)).toEqual(routes.map((r) => r.id));
    for (const { id, route, meta } of routes) {
      const row = ROUTES.find((r) => r.id === id)!;
      expect(row.resource, id).toBe(meta.resource);
      expect(Boolean(row.read), id).toBe(route.method === 'GET');
      const pages = meta.action === 'list' && route.query !== undefined && '_offset' in (route.query as unknown as { shape: object }).shape;
      expect(row.read === 'paged', id).toBe(pages);
    }
  });

  it('derives invalidation from the contract alone: the orchestration routes need no code of their own', () => {
    const routes = walkContract(contract);
    const rule = invalidationRule(routes);
    const metaOf = (id: string) => routes.find((route) => route.id === id)!.meta;
    // Cancelling a run (`PUT /api/pipeline_runs/:id`): the run and run lists, its trigger, its block runs and the blocks listed under it.
    expect(rule(metaOf('pipelineRuns.update'), ['id'])).toEqual([['pipeline_runs'], ['pipeline_schedules'], ['block_runs'], ['blocks']]);
    // Creating a trigger under a pipeline: triggers, that pipeline and the pipeline lists.
    expect(rule(metaOf('pipelines.pipelineSchedules.create'), ['pipeline_uuid'])).toEqual([
      ['pipeline_schedules'],
      ['pipelines', 'detail', 'pipeline_uuid'],
      ['pipelines', 'list'],
      ['pipelines', 'infinite'],
    ]);
    // Updating a trigger: triggers, every pipeline (the path names none), and the runs under triggers.
    expect(rule(metaOf('pipelineSchedules.update'), ['id'])).toEqual([['pipeline_schedules'], ['pipelines'], ['pipeline_runs']]);
  });
});
