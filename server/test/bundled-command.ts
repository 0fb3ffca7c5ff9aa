import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { SOURCE_CONDITION } from '../../scripts/packaging/source-condition.js';
import { root } from './cli-process.js';

export interface BundledCommand {
  /** Node arguments that run the command (give them to startCli as `entry`). */
  entry: string[];
  remove(): void;
}

/** npm packages stay imports, resolved from the repository's node_modules; the workspace packages are bundled from their sources. */
export const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pipeline-api/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * The server command (server/cli/bin.ts, or another server entry such as server/http/main.ts) bundled by esbuild
 * from the sources as they are now, for the tests and benchmarks that start it many times: a start through tsx
 * resolves and loads every source module through its hooks, some 0.4 s of CPU more than one bundled file. Its
 * folder sits under node_modules, so the npm packages resolve as from the repository, and holds the OpenAPI
 * document beside the command, as the built package does.
 */
export async function bundleCommand(entry = 'server/cli/bin.ts'): Promise<BundledCommand> {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'pipeline-api-command-'));
  const outfile = join(dir, 'pipeline-api-server.mjs');
  try {
    await build({
      entryPoints: [join(root, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      conditions: [SOURCE_CONDITION],
      plugins: [npmPackagesExternal],
      logLevel: 'silent',
    });
    copyFileSync(join(root, 'docs/openapi.json'), join(dir, 'openapi.json'));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { entry: [outfile], remove: () => rmSync(dir, { recursive: true, force: true }) };
}
