/** An invalidation target: a key prefix; a third item names the variable holding the id (`pipeline_uuid`). */
export type Target = [resource: string, scope?: 'detail' | 'list' | 'infinite', idFrom?: string];

/** One row of the generated table: enough to build keys, call the SDK and invalidate. */
export interface QueryRoute {
  /** The SDK method's path: `pipelines.blocks.create`. */
  id: string;
  resource: string;
  action: string;
  /** Path params, in the SDK method's order. */
  params: string[];
  /** GET routes: a member (`detail`), a list, or a list that pages over `_limit`/`_offset`. */
  read?: 'detail' | 'list' | 'paged';
  /** Writes: the variable holding the payload (`block`); otherwise `query`. */
  payload?: string;
  /** Writes: what a success makes stale. */
  invalidates?: Target[];
  /** Login refreshes every query; logout removes them all. */
  session?: 'login' | 'logout';
}
