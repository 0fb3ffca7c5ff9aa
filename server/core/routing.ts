import { walkContract, type ContractRoute } from '@pipeline-api/contract';
import type { AppRouter } from '@ts-rest/core';
import { ApiError } from './errors.js';

interface CompiledRoute extends ContractRoute {
  pattern: RegExp;
  paramNames: string[];
}

/** The contract's routes, compiled once: the core routes unmatched requests (404 vs 405) itself. */
export class RouteTable {
  readonly routes: CompiledRoute[];
  private readonly byId: Map<string, CompiledRoute>;

  constructor(contract: AppRouter) {
    this.routes = walkContract(contract).map((r) => {
      const paramNames = [...r.route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const source = r.route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '([^/]+)');
      return { ...r, paramNames, pattern: new RegExp(`^${source}/?$`) };
    });
    this.byId = new Map(this.routes.map((r) => [r.id, r]));
  }

  get(id: string): CompiledRoute {
    const route = this.byId.get(id);
    if (!route) throw new Error(`No contract route ${id}`);
    return route;
  }

  /** Finds the route for a method and path, with its decoded params. */
  match(method: string, path: string): { route: CompiledRoute; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.route.method !== method.toUpperCase()) continue;
      const m = route.pattern.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      try {
        route.paramNames.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
      } catch {
        continue; // malformed percent-encoding: no route
      }
      return { route, params };
    }
    return undefined;
  }

  /** The error for a request no route takes: 405 when the path exists under other methods, else 404. */
  unmatched(method: string, path: string): ApiError {
    const methods = this.routes.filter((r) => r.pattern.test(path)).map((r) => r.route.method);
    if (methods.length > 0) {
      return new ApiError(
        'method_not_allowed',
        `Method ${method.toUpperCase()} is not allowed on ${path}; use ${[...new Set(methods)].join(', ')}.`,
      );
    }
    return new ApiError('record_not_found', `No route for ${method.toUpperCase()} ${path}.`);
  }
}
