import { walkContract, type AppRouter, type ContractRoute } from '@pipeline-api/contract';
import { ApiError } from './errors.js';

interface CompiledRoute extends ContractRoute {
  /** `pattern`, anchored. */
  regex: RegExp;
}

/**
 * The contract's routes, read once. Transports route requests themselves (Express, MSW) and hand the core
 * the route id; this table answers what no route took (404 vs 405), and routes for in-process callers.
 */
export class RouteTable {
  readonly routes: CompiledRoute[];
  private readonly byId: Map<string, CompiledRoute>;
  private readonly byMethod = new Map<string, CompiledRoute[]>();

  constructor(contract: AppRouter) {
    this.routes = walkContract(contract).map((r) => ({ ...r, regex: new RegExp(`^${r.pattern}$`) }));
    this.byId = new Map(this.routes.map((r) => [r.id, r]));
    for (const r of this.routes) this.byMethod.set(r.method, [...(this.byMethod.get(r.method) ?? []), r]);
  }

  get(id: string): CompiledRoute {
    const route = this.byId.get(id);
    if (!route) throw new Error(`No contract route ${id}`);
    return route;
  }

  /**
   * Finds the route for a method and path, with its decoded params. A path that fits a route but has
   * malformed percent-encoding in a param is a bad request, not a missing route.
   */
  match(method: string, path: string): { route: CompiledRoute; params: Record<string, string> } | undefined {
    for (const route of this.byMethod.get(method.toUpperCase()) ?? []) {
      const m = route.regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      for (let i = 0; i < route.params.length; i++) params[route.params[i]!] = decodeParam(m[i + 1]!);
      return { route, params };
    }
    return undefined;
  }

  /** The error for a request no route takes: 405 when the path exists under other methods, else 404. */
  unmatched(method: string, path: string): ApiError {
    const methods = this.routes.filter((r) => r.regex.test(path)).map((r) => r.method);
    if (methods.length > 0) {
      const allow = [...new Set(methods)];
      const error = new ApiError('method_not_allowed', `Method ${method.toUpperCase()} is not allowed on ${path}; use ${allow.join(', ')}.`);
      error.allow = allow;
      return error;
    }
    return new ApiError('record_not_found', `No route for ${method.toUpperCase()} ${path}.`);
  }
}

export function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiError('api_resource_error', 'The path has malformed percent-encoding.');
  }
}
