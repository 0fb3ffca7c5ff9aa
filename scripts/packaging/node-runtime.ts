import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { installOnce } from './install-once.js';
import { root } from './workspaces.js';

/**
 * The Node versions the packages are tested on besides the project's own (the root's `node` devDependency):
 * each package's `engines` floor (18 for the contract, the SDK and the query layer; 20.19 for the core and
 * the mocks, whose CommonJS builds require ESM-only jose), and the other current lines.
 */
export const TESTED_NODE = { 18: '18.20.8', 20: '20.19.0', 22: '22.23.3', 26: '26.10.0' } as const;

/**
 * The `node` binary of an exact Node version, from the npm registry (the `node-<os>-<arch>` package the `node`
 * package would pick; no install script runs), installed once into node_modules/.cache. Nothing is downloaded
 * from anywhere else.
 */
export function nodeBinary(version: string): string {
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = join(root, 'node_modules/.cache/pipeline-api-node', version);
  const binary = join(dir, 'node_modules', pkg, 'bin/node');
  installOnce(dir, join('node_modules', pkg, 'bin/node'), [`${pkg}@${version}`]);
  const reported = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${binary} reports ${reported}, expected v${version}`);
  return binary;
}
