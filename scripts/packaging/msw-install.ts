import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './workspaces.js';

/** The msw 3 the mocks' own tests also run on (the workspace's msw is 2: the peer range covers both). */
export const MSW_3 = '3.0.5';

/** msw at an exact version, from the npm registry, installed once into node_modules/.cache (no install script runs); its folder. */
export function mswInstall(version: string): string {
  const dir = join(root, 'node_modules/.cache/pipeline-api-msw', version);
  if (!existsSync(join(dir, 'node_modules/msw/package.json'))) {
    mkdirSync(dir, { recursive: true });
    const args = [
      'install',
      '--prefix',
      dir,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--ignore-scripts',
      `msw@${version}`,
    ];
    execFileSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });
  }
  return dir;
}
