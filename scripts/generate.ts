/**
 * `npm run generate`: writes every file derived from the sources, and is the one command to run after changing the
 * contract, a resource or its documentation. Generated files are committed (a fresh clone type-checks, a review
 * shows every change to the API surface); `scripts/test/generated-files.test.ts` regenerates them all in memory and
 * fails, naming each stale file and this command, when one differs from what is committed.
 *
 * Three stages. First the registries, read from the syntax of the files present (nothing is imported): the contract's
 * route nodes, the route docs, the route examples and the core's module registry. Then what is derived from the
 * contract, the core and the docs, imported only once the registries are written: the mocks' route paths, the SDK,
 * the query layer, docs/openapi.json, server/fixtures.schema.json and the auth matrix of docs/security.md. Last the MCP
 * tool list of docs/mcp.md, whose tools read docs/openapi.json, and the packages' API reports.
 * `--check` compares instead of writing, and exits 1 naming each stale file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateRegistries } from './registries/generate.js';

/** The repository this script belongs to. */
export const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));

/** Generated files: path from the repository's root -> text. */
export type GeneratedFiles = Map<string, string>;

/** Stage one: the registries, from the files under `root` (their syntax only). */
export function registryFiles(root: string): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  for (const [dir, texts] of generateRegistries(root)) for (const [name, text] of texts) files.set(`${dir}/${name}`, text);
  return files;
}

/**
 * Stage two: what the contract, the core and the docs of this repository make. The modules are imported here, not
 * above, so that `npm run generate` imports them after it has written the registries they read.
 */
export async function derivedFiles(): Promise<GeneratedFiles> {
  const [{ contract, walkContract }, { routePathsSource, ROUTE_PATHS_DIR, ROUTE_PATHS_FILE }, sdk, query, openapi, fixtures, security] = await Promise.all([
    import('@pipeline-api/contract'),
    import('./registries/mock-route-paths.js'),
    import('../sdk/scripts/generate.js'),
    import('../query/scripts/generate.js'),
    import('../server/openapi.js'),
    import('../server/scripts/fixtures-schema.js'),
    import('../server/test/auth-matrix.js'),
  ]);
  const files: GeneratedFiles = new Map();
  files.set(`${ROUTE_PATHS_DIR}/${ROUTE_PATHS_FILE}`, routePathsSource(walkContract(contract)));
  const sdkOut = sdk.sdkFiles();
  for (const [name, text] of sdkOut.files) files.set(`${sdk.SDK_GENERATED_DIR}/${name}`, text);
  for (const [name, text] of query.queryFiles(sdkOut.routes)) files.set(`${query.QUERY_GENERATED_DIR}/${name}`, text);
  files.set('docs/openapi.json', openapi.serializeDocument(await openapi.openApiDocument()));
  files.set(fixtures.FIXTURES_SCHEMA_FILE, fixtures.fixturesSchemaText());
  files.set('docs/security.md', security.renderSecurityDoc());
  return files;
}

/**
 * Stage three: the MCP tool list of docs/mcp.md, from the tools, which read docs/openapi.json (written by stage two),
 * and each published package's api-report.md, read from the sources stage two completed (the SDK's and the query
 * layer's generated files).
 */
export async function documentFiles(): Promise<GeneratedFiles> {
  const [mcp, tools, api] = await Promise.all([
    import('../server/mcp/mcp-server.js'),
    import('../server/mcp/tool-table.js'),
    import('./api-report/packages.js'),
  ]);
  const mcpDoc = readFileSync(join(REPOSITORY, 'docs/mcp.md'), 'utf8');
  return new Map([['docs/mcp.md', tools.withToolTable(mcpDoc, tools.toolTable(mcp.allTools()))], ...api.apiReports()]);
}

/** The files under `root` that differ from what was generated (or are missing). */
export function staleFiles(root: string, files: GeneratedFiles): string[] {
  return [...files].flatMap(([path, text]) => {
    const full = join(root, path);
    return existsSync(full) && readFileSync(full, 'utf8') === text ? [] : [path];
  });
}

/** Writes the files that differ, and returns their paths. */
function writeFiles(root: string, files: GeneratedFiles): string[] {
  const changed = staleFiles(root, files);
  for (const path of changed) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), files.get(path)!);
  }
  return changed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const root = REPOSITORY;
  if (check) {
    const stale = [...staleFiles(root, registryFiles(root)), ...staleFiles(root, await derivedFiles()), ...staleFiles(root, await documentFiles())];
    if (stale.length > 0) {
      console.error(`Stale generated files: ${stale.join(', ')}. Run \`npm run generate\` and commit the result.`);
      process.exitCode = 1;
    }
  } else {
    const written = [...writeFiles(root, registryFiles(root)), ...writeFiles(root, await derivedFiles())];
    written.push(...writeFiles(root, await documentFiles()));
    console.log(written.length > 0 ? `generate: wrote ${written.join(', ')}` : 'generate: every generated file is current');
  }
}
