import type { Page, PagePromise, PipelineError, RequestOptions } from '@pipeline-api/sdk';
import type { DataTag, InfiniteData, QueryKey } from '@tanstack/query-core';

/**
 * What mutations need of a QueryClient. Structural on purpose: an adapter may bring its own copy of query-core
 * (Vue Query pins one), and a class type from another copy would not be assignable.
 */
export interface CacheClient {
  invalidateQueries(filters?: { queryKey?: QueryKey }): Promise<unknown>;
  removeQueries(filters?: { queryKey?: QueryKey }): void;
}

/** The context TanStack Query (5.90+) passes to mutation callbacks; older versions pass none. */
export type MutationContext = { client: CacheClient } | undefined;

type Method = (...args: never[]) => unknown;
type DropOptions<A extends unknown[]> = A extends [...infer H, (RequestOptions | undefined)?] ? H : A;

/** An SDK method's arguments without its trailing request options: `[pipeline_uuid: string, query?: ...]`. */
export type Args<M extends Method> = DropOptions<Parameters<M>>;
/** The SDK method's argument at position I, or never when it has none there. */
export type Arg<M extends Method, I extends number> = `${I}` extends keyof Args<M> ? Args<M>[I] : never;
type Data<M extends Method> = Awaited<ReturnType<M>>;
type Item<M extends Method> = ReturnType<M> extends PagePromise<infer T> ? T : never;

/** Keys: `[resource, 'list', params]`, `[resource, 'infinite', params]`, `[resource, 'detail', id, params?]`. */
export type ReadKey = readonly [resource: string, scope: string, ...rest: unknown[]];

/**
 * Options for `useQuery`, `createQuery`, `injectQuery`, `queryClient.fetchQuery` and `ensureQueryData`.
 * The key carries the data and error types, so `queryClient.getQueryData(options.queryKey)` is typed too.
 */
export interface QueryOptions<TData> {
  queryKey: DataTag<ReadKey, TData, PipelineError>;
  queryFn: (context: { signal: AbortSignal }) => Promise<TData>;
  /** The SDK retried what was worth retrying (connection errors, 408, 429, 5xx): TanStack adds no retries on top. */
  retry: (failureCount: number, error: PipelineError) => boolean;
}

/** Options for `useInfiniteQuery` and friends: one page per fetch, the next offset from the SDK's `{next, offset}`. */
export interface InfiniteQueryOptions<TItem> {
  queryKey: DataTag<ReadKey, InfiniteData<Page<TItem>, number>, PipelineError>;
  queryFn: (context: { signal: AbortSignal; pageParam: number }) => Promise<Page<TItem>>;
  initialPageParam: number;
  getNextPageParam: (lastPage: Page<TItem>) => number | undefined;
  retry: (failureCount: number, error: PipelineError) => boolean;
}

/** Your callbacks, run after the route's own invalidation. */
export interface MutationHooks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables, onMutateResult: unknown, context: MutationContext) => unknown;
  /** false: skip the invalidation (you update the cache yourself). */
  invalidate?: boolean;
}

/** Options for `useMutation`, `createMutation`, `injectMutation`, or `new MutationObserver(queryClient, ...)`. */
export interface MutationOptions<TData, TVariables> {
  mutationKey: readonly [resource: string, action: string];
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Invalidates what the contract says this write makes stale, waits for it, then runs yours. */
  onSuccess: (data: TData, variables: TVariables, onMutateResult: unknown, context: MutationContext) => Promise<unknown>;
  retry: (failureCount: number, error: PipelineError) => boolean;
}

export interface Read<M extends Method> {
  queryOptions(...args: Args<M>): QueryOptions<Data<M>>;
  queryKey(...args: Args<M>): QueryOptions<Data<M>>['queryKey'];
}

export interface PagedRead<M extends Method> extends Read<M> {
  infiniteQueryOptions(...args: Args<M>): InfiniteQueryOptions<Item<M>>;
  infiniteQueryKey(...args: Args<M>): InfiniteQueryOptions<Item<M>>['queryKey'];
}

export interface Write<M extends Method, TVariables> {
  mutationOptions(hooks?: MutationHooks<Data<M>, TVariables>): MutationOptions<Data<M>, TVariables>;
  /** The key prefixes a success with these variables invalidates (empty for login and logout, which act on every query). */
  invalidates(variables: TVariables): QueryKey[];
}
