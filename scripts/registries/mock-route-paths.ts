/**
 * `mocks/src/generated/route-paths.ts`: every contract route's id, method and path, in the contract's order, without
 * its schemas. The browser mocks route with it at boot (one MSW handler per route) and load the contract's schemas and
 * the core with the first request (docs/mocks.md, "Bundle size"). Written by `npm run generate` (scripts/generate.ts).
 */
import type { ContractRoute } from '@pipeline-api/contract';

export const ROUTE_PATHS_DIR = 'mocks/src/generated';
export const ROUTE_PATHS_FILE = 'route-paths.ts';

/** A string as a single-quoted TypeScript literal. */
const quoted = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/** The file's text for these routes (walkContract's, in its order). */
export function routePathsSource(routes: readonly Pick<ContractRoute, 'id' | 'method' | 'path'>[]): string {
  const lines = routes.map(({ id, method, path }) => `  { id: ${quoted(id)}, method: ${quoted(method)}, path: ${quoted(path)} },\n`);
  return (
    '// Generated from the contract by scripts/registries/mock-route-paths.ts (npm run generate). Do not edit.\n' +
    "import type { RouteId } from '@pipeline-api/contract';\n\n" +
    '/** One contract route as the mocks route it before the contract itself is loaded. */\n' +
    'export interface RoutePath {\n' +
    '  readonly id: RouteId;\n' +
    "  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';\n" +
    '  readonly path: string;\n' +
    '}\n\n' +
    "/** Every contract route's id, method and path, in the contract's order (walkContract's). */\n" +
    `export const ROUTE_PATHS: readonly RoutePath[] = [\n${lines.join('')}];\n`
  );
}
