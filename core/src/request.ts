import type { Action } from '@pipeline-api/contract';

/** The actions that write the route's payload (delete writes too, but takes none). */
export const WRITE_ACTIONS: ReadonlySet<Action> = new Set(['create', 'update']);

/** A request as every transport hands it to the core: already routed, body already parsed as JSON. */
export interface CoreRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** Parsed JSON body, or undefined when there was none. */
  body: unknown;
  /** The caller's network address (Express: the socket's; the mocks: a constant), for per-client budgets. */
  client?: string;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function header(request: CoreRequest, name: string): string | undefined {
  // Own properties only: a transport may hand over a plain object, whose prototype has `constructor` and the like.
  const value = Object.hasOwn(request.headers, name) ? request.headers[name] : undefined;
  return value === undefined || value === '' ? undefined : value;
}
