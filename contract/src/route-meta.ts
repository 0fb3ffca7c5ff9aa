/** What the core needs to dispatch a contract route: which resource and action it is. */
export type Action = 'list' | 'create' | 'detail' | 'update' | 'delete';

export interface RouteMeta {
  /** Plural resource name, e.g. `pipelines`. */
  resource: string;
  action: Action;
  /** The OpenAPI tag the route is listed under (described in the documentation module, with the docs of one of its nodes). */
  tag: string;
  /** Set on nested routes: the parent resource named by the path's first id. */
  parent?: string;
  /** The health check needs no API key. */
  public?: boolean;
  /** Values a client fills in when the caller leaves a path param out (logout's `:id`). */
  pathDefaults?: Record<string, string>;
  /** The route starts or ends the caller's session: clients keep or drop their token. */
  session?: 'login' | 'logout';
  /**
   * Other resources a successful write changes beyond its own and its parent's (a backfill's start makes runs and
   * its trigger): clients invalidate them too.
   */
  changes?: readonly string[];
  /** The decoded token may also come in the `token` query param (a download link, which cannot carry a header). */
  queryToken?: boolean;
  /**
   * The route is deprecated: why, and what to use instead. The one mark: the OpenAPI operation says `deprecated: true`,
   * the SDK method and the query layer's entry carry `@deprecated`, the MCP tool's description warns, the route's
   * description starts with the note. (A field is deprecated with `withMeta(schema, { deprecated: true })`.)
   */
  deprecated?: string;
}

export const routeMeta = <const M extends RouteMeta>(meta: M) => meta;

/** The sentence every document and generated comment gives a deprecated route; undefined for one that is not. */
export const deprecationNote = (meta: Pick<RouteMeta, 'deprecated'>): string | undefined =>
  meta.deprecated === undefined ? undefined : `Deprecated: ${meta.deprecated}`;
