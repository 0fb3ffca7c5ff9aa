import { walkContract, type AppRouter, type ContractRoute } from '@pipeline-api/contract';
import { apiPattern, urlPattern } from '@pipeline-api/contract/paths';
import { decodeParam, hasMalformedEncoding, malformedPath, routingMethod } from './raw-request.js';
import { ApiError } from './errors.js';

export interface CompiledRoute extends ContractRoute {
  /** `pattern`, anchored, its groups unnamed (params are read by position: no object of named groups per match). */
  regex: RegExp;
}

/** A route found for a request, with its decoded path params. */
export interface RouteMatch {
  route: CompiledRoute;
  params: Record<string, string>;
}

/**
 * The contract's routes, read once: the one route matcher. The server's adapter and the core route with it, the MSW
 * handlers are generated from its patterns (urlPattern), the proxy classifies traffic with it, and it tells a path no
 * route takes from a method no route of that path takes: 404 vs 405.
 */
export class RouteTable {
  readonly routes: CompiledRoute[];
  private readonly byId: Map<string, CompiledRoute>;
  /** Per method, the routes by the depth of their path (its `/`s), in declaration order. */
  private readonly byMethod = new Map<string, CompiledRoute[][]>();

  constructor(contract: AppRouter) {
    this.routes = walkContract(contract).map((r) => ({ ...r, regex: new RegExp(`^${r.pattern.replace(/\(\?<\w+>/g, '(')}$`) }));
    this.byId = new Map(this.routes.map((r) => [r.id, r]));
    for (const r of this.routes) {
      const byDepth = this.byMethod.get(r.method) ?? [];
      this.byMethod.set(r.method, byDepth);
      const depth = slashes(r.path);
      while (byDepth.length <= depth) byDepth.push([]);
      byDepth[depth]!.push(r);
    }
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
  match(method: string, path: string): RouteMatch | undefined {
    // A param never holds a `/`, so only routes as deep as the path (less an optional trailing `/`) can match it.
    const depth = slashes(path) - (path.endsWith('/') ? 1 : 0);
    for (const route of this.byMethod.get(method.toUpperCase())?.[depth] ?? []) {
      const m = route.regex.exec(path);
      if (m) return { route, params: paramsOf(route, m) };
    }
    return undefined;
  }

  /**
   * What a transport without a router of its own answers for a request: its route (HEAD runs GET's), or the error:
   * malformed percent-encoding in a path that fits some route, under any method, is a 400 (Express's router decodes
   * a fitting path's params before it looks at the method); else 405 when the path exists under other methods, or 404.
   */
  resolve(method: string, path: string): RouteMatch | ApiError {
    try {
      const matched = this.match(routingMethod(method), path);
      if (matched) return matched;
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    const miss = this.unmatched(method, path);
    return miss.code !== 404 && hasMalformedEncoding(path) ? malformedPath() : miss;
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

  /** A route's pattern for whole URLs: `origin` (a regular expression source; default any origin), then the path. */
  static urlPattern(route: Pick<ContractRoute, 'pattern'>, origin?: string): RegExp {
    return urlPattern(route.pattern, origin);
  }

  /** Every path under `/api` in any case, for a catch-all after the routes (the server answers every path). */
  static apiPattern(origin?: string): RegExp {
    return apiPattern(origin);
  }

  /** The decoded params of a URL (no query, no fragment) that `pattern` (urlPattern of `route`) matches. */
  static paramsIn(route: Pick<ContractRoute, 'params'>, pattern: RegExp, url: string): Record<string, string> {
    const m = pattern.exec(url);
    return m ? paramsOf(route, m) : {};
  }
}

/** How many `/` a path holds. */
function slashes(path: string): number {
  let count = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) count++;
  return count;
}

function paramsOf(route: Pick<ContractRoute, 'params'>, m: RegExpExecArray): Record<string, string> {
  // Every group of a pattern is a param, in order (the origin's source captures nothing).
  const params: Record<string, string> = {};
  for (let i = 0; i < route.params.length; i++) params[route.params[i]!] = decodeParam(m[i + 1]!);
  return params;
}
