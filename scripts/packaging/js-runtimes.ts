import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { installOnceAsync } from './install-once.js';
import { root } from './workspaces.js';

/**
 * The Bun and Deno the packages are tested on (the registry's newest of each line when chosen). Not devDependencies:
 * each binary is about 100 MB, only the slow runtime test needs them, and `npm ci` stays as lean as it was.
 */
export const TESTED_BUN = '1.4.5';
export const TESTED_DENO = '2.9.6';
/** The newest Bun without node:sqlite (1.2 reports Node.js 24.3 all the same): the server's one-line refusal, tested. */
export const BUN_WITHOUT_SQLITE = '1.2.23';

/**
 * A runtime's binary from the npm registry: the platform package that the `bun` or `deno` package would pick
 * through its optional dependencies (whose install script, which only links it, is not run), installed once into
 * node_modules/.cache, as node-runtime.ts does for Node. Nothing is downloaded from anywhere else.
 */
async function runtimeBinary(name: string, pkg: string, version: string, binaryPath: string, reported: (out: string) => string | undefined): Promise<string> {
  const dir = join(root, 'node_modules/.cache/pipeline-api-runtimes', `${name}-${version}`);
  const done = join('node_modules', pkg, binaryPath);
  await installOnceAsync(dir, done, [`${pkg}@${version}`]);
  const binary = join(dir, done);
  const out = execFileSync(binary, ['--version'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' } });
  if (reported(out) !== version) throw new Error(`${binary} reports ${out.trim()}, expected ${name} ${version}`);
  return binary;
}

const platform = () => {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`the runtime cells pin linux-x64 binaries, not ${process.platform}-${process.arch}`);
};

export function bunBinary(version = TESTED_BUN): Promise<string> {
  platform();
  return runtimeBinary('bun', '@oven/bun-linux-x64', version, 'bin/bun', (out) => out.trim());
}

export function denoBinary(version = TESTED_DENO): Promise<string> {
  platform();
  return runtimeBinary('deno', '@deno/linux-x64-glibc', version, 'deno', (out) => /^deno (\S+)/.exec(out)?.[1]);
}
