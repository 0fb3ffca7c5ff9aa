export { createQueries, type QueriesOptions } from './core/queries.js';
export { queryKeys } from './core/keys.js';
export { refetchUntil } from './core/poll.js';
export type {
  Arg,
  Args,
  CacheClient,
  InfiniteQueryOptions,
  MutationContext,
  MutationHooks,
  MutationOptions,
  PagedRead,
  QueryOptions,
  Read,
  ReadKey,
  Write,
} from './core/types.js';
export type * from './generated/types.js';
