import type { Client } from '@pipeline-api/sdk';
import type { QueryKey } from '@tanstack/query-core';
import { ROUTES } from '../generated/routes.js';
import type { Queries } from '../generated/types.js';
import type { QueryRoute } from './route.js';
import type { CacheClient, MutationContext } from './types.js';

export interface QueriesOptions {
  /**
   * The QueryClient mutations invalidate in. TanStack Query 5.90+ hands it to every mutation callback, so
   * this is only needed with older versions, or to invalidate in another client than the one running the mutation.
   */
  queryClient?: CacheClient;
}

type Call = (...args: unknown[]) => PromiseLike<unknown> & { pages(): AsyncGenerator<unknown, unknown> };
type Vars = Record<string, unknown>;

/** The SDK already retried what was worth retrying. */
const noRetry = () => false;

/** Path params and query in one object, for list keys. */
const scope = (route: QueryRoute, args: unknown[]) => {
  const values: Vars = { ...(args[route.params.length] as Vars | undefined) };
  route.params.forEach((name, i) => (values[name] = String(args[i])));
  return values;
};

function readKey(route: QueryRoute, args: unknown[], infinite?: boolean): QueryKey {
  if (route.read !== 'detail') {
    const values = scope(route, args);
    if (infinite) delete values.offset;
    return [route.resource, infinite ? 'infinite' : 'list', values];
  }
  // A member: its id last in the path; a parent id and the query narrow it (a block in one pipeline).
  const last = route.params.length - 1;
  const rest = scope(route, args);
  delete rest[route.params[last]!];
  return [route.resource, route.action, String(args[last]), ...(Object.keys(rest).length ? [rest] : [])];
}

function targets(route: QueryRoute, variables: Vars): QueryKey[] {
  return (route.invalidates ?? []).map(([resource, scopeName, idFrom]) =>
    idFrom ? [resource, scopeName, String(variables[idFrom])] : scopeName ? [resource, scopeName] : [resource],
  );
}

function read(route: QueryRoute, call: Call) {
  const at = route.params.length;
  const options = (args: unknown[]) => ({
    queryKey: readKey(route, args),
    queryFn: ({ signal }: { signal: AbortSignal }) => call(...args.slice(0, at), args[at], { signal }),
    retry: noRetry,
  });
  const infinite = (args: unknown[]) => {
    const { offset, ...query } = (args[at] ?? {}) as Vars;
    return {
      queryKey: readKey(route, args, true),
      queryFn: async ({ signal, pageParam }: { signal: AbortSignal; pageParam: number }) =>
        (
          await call(...args.slice(0, at), { ...query, offset: pageParam }, { signal })
            .pages()
            .next()
        ).value,
      initialPageParam: Number(offset ?? 0) || 0,
      getNextPageParam: (last: { next: boolean; offset: number; data: unknown[] }) => (last.next ? last.offset + last.data.length : undefined),
      retry: noRetry,
    };
  };
  return {
    queryOptions: (...args: unknown[]) => options(args),
    queryKey: (...args: unknown[]) => readKey(route, args),
    ...(route.read === 'paged' && {
      infiniteQueryOptions: (...args: unknown[]) => infinite(args),
      infiniteQueryKey: (...args: unknown[]) => readKey(route, args, true),
    }),
  };
}

function write(route: QueryRoute, call: Call, fallback: CacheClient | undefined) {
  const invalidate = (client: CacheClient | undefined, variables: Vars) => {
    if (!client) throw new Error(`${route.id}: no QueryClient to invalidate in; pass createQueries(client, { queryClient })`);
    if (route.session === 'logout') return client.removeQueries();
    if (route.session === 'login') return client.invalidateQueries();
    return Promise.all(targets(route, variables).map((queryKey) => client.invalidateQueries({ queryKey })));
  };
  return {
    invalidates: (variables: Vars) => targets(route, variables),
    mutationOptions: (
      hooks: { onSuccess?: (data: unknown, variables: Vars, onMutateResult: unknown, context?: MutationContext) => unknown; invalidate?: boolean } = {},
    ) => ({
      mutationKey: [route.resource, route.action],
      mutationFn: (variables: Vars = {}) => call(...route.params.map((name) => variables[name]), variables[route.payload ?? 'query']),
      onSuccess: async (data: unknown, variables: Vars = {}, onMutateResult: unknown, context?: MutationContext) => {
        if (hooks.invalidate !== false) await invalidate(context?.client ?? fallback, variables);
        return hooks.onSuccess?.(data, variables, onMutateResult, context);
      },
      retry: noRetry,
    }),
  };
}

/**
 * TanStack Query options for every route of the API, on top of an SDK client: `queryOptions` for reads,
 * `infiniteQueryOptions` for lists that page, `mutationOptions` for writes. Plain objects: use them with
 * React, Vue, Solid, Svelte or Angular's adapter, or with a bare QueryClient.
 */
export function createQueries(client: Client, options: QueriesOptions = {}): Queries {
  const root: Record<string, unknown> = {};
  for (const route of ROUTES) {
    const segments = route.id.split('.');
    let node = root;
    let resource: unknown = client;
    for (const segment of segments.slice(0, -1)) {
      const next = node[segment];
      node = isNode(next) ? next : (node[segment] = {});
      resource = isNode(resource) ? resource[segment] : undefined;
    }
    const name = segments.at(-1)!;
    const method = isNode(resource) ? resource[name] : undefined;
    if (!isSdkMethod(method)) throw new Error(`The SDK client has no method ${route.id}: the query package and the SDK come from different contracts`);
    node[name] = route.read ? read(route, method) : write(route, method, options.queryClient);
  }
  // ROUTES and Queries are generated from the same contract: the tree built here is that type.
  return root as unknown as Queries;
}

const isNode = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** An SDK method (the SDK and this package are generated from the same route table). */
const isSdkMethod = (value: unknown): value is Call => typeof value === 'function';
