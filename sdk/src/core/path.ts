import { PipelineApiError } from './errors.js';

/**
 * A path parameter that cannot be sent as data. `.` and `..` would reach the server as another path: every URL parser
 * (`new URL()`, fetch, browsers) resolves them as dot segments, in their percent-encoded forms too (`%2e%2e`), so no
 * encoding keeps them a literal id. An empty value would drop the segment. The call is refused before anything is sent.
 */
export class PathParameterError extends PipelineApiError {
  override name = 'PathParameterError';
  declare readonly type: undefined;
  /** The path parameter refused, e.g. `block_uuid`. */
  readonly parameter: string;
  constructor(parameter: string, value: string, routeId?: string) {
    const shown = value === '' ? 'empty' : JSON.stringify(value);
    super(
      `${routeId ? `${routeId}: ` : ''}${parameter} is ${shown}, which would address another path, not a record: nothing was sent.` +
        ' A path parameter cannot be empty, "." or "..".',
    );
    this.parameter = parameter;
  }
}

/** Why a value cannot be a path segment, or undefined when it can. */
export const isUnsendablePathValue = (value: string): boolean => value === '' || value === '.' || value === '..';

/**
 * One path parameter as a path segment: percent-encoded whole (`/`, `\`, `?`, `#`, `%` and the rest are data), and
 * refused when no encoding keeps it one segment of data.
 */
export function encodePathParameter(parameter: string, value: string, routeId?: string): string {
  if (isUnsendablePathValue(value)) throw new PathParameterError(parameter, value, routeId);
  return encodeURIComponent(value);
}

/** Refuses, before anything is sent, a call whose path parameters would address another path (see PathParameterError). */
export function checkPathParameters(names: readonly string[], params: Readonly<Record<string, string>>, routeId?: string): void {
  for (const name of names) {
    const value = Object.hasOwn(params, name) ? params[name]! : '';
    if (isUnsendablePathValue(value)) throw new PathParameterError(name, value, routeId);
  }
}

/**
 * A route's path (`/api/pipelines/:pipeline_uuid/blocks/:block_uuid`) with its parameters encoded into it; `masked`
 * ones (credentials) show as `***`.
 */
export function fillPath(path: string, params: Readonly<Record<string, string>>, routeId?: string, masked?: ReadonlySet<string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) =>
    masked?.has(name) ? '***' : encodePathParameter(name, Object.hasOwn(params, name) ? params[name]! : '', routeId),
  );
}
