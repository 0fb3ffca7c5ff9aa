/**
 * `@pipeline-api/contract/paths`: the contract's paths as regular expressions, without a schema (no zod): what a
 * router needs before it validates anything. walk.ts gives every route its `params` and `pattern` with these, and the
 * core's route table builds its URL patterns with them; a browser page that routes before it loads the schemas (the
 * mocks) imports this entry alone.
 */

/** The `:name` segments of a path, in order. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** Text as a regular expression source that matches it literally. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** See ContractRoute.pattern. */
export const pathPattern = (path: string): string => `${escapeRegExp(path).replace(/:(\w+)/g, '(?<$1>[^/]+)')}/?`;

/** Any http(s) origin, as a regular expression source. */
const ANY_ORIGIN = '[^:/?#]+://[^/?#]+';

const originSource = (origin: string | undefined) => (origin === undefined ? ANY_ORIGIN : escapeRegExp(origin.replace(/\/+$/, '')));

/** A route's pattern (pathPattern) for whole URLs: `origin` (default any origin), then the path. */
export const urlPattern = (pattern: string, origin?: string): RegExp => new RegExp(`^${originSource(origin)}${pattern}$`);

/** Every path under `/api` in any case, for a catch-all after the routes (the server answers every path). */
export const apiPattern = (origin?: string): RegExp => new RegExp(`^${originSource(origin)}/api(?:/|$)`, 'i');
