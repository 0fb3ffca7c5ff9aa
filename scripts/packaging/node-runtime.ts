import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './workspaces.js';

/** The Node versions the packages are tested on besides the project's own (the root's `node` devDependency). */
export const TESTED_NODE = { 22: '22.23.3', 26: '26.10.0' } as const;

/**
 * The `node` binary of an exact Node version, from the npm registry (the `node-<os>-<arch>` package the `node`
 * package would pick; no install script runs), installed once into node_modules/.cache. Nothing is downloaded
 * from anywhere else.
 */
export function nodeBinary(version: string): string {
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = join(root, 'node_modules/.cache/pipeline-api-node', version);
  const binary = join(dir, 'node_modules', pkg, 'bin/node');
  if (!existsSync(binary)) {
    mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefer-offline', `${pkg}@${version}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 300_000,
    });
  }
  const reported = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${binary} reports ${reported}, expected v${version}`);
  return binary;
}
