import { join } from 'node:path';
import { installOnce } from './install-once.js';
import { root } from './workspaces.js';

/** The msw 3 the mocks' own tests also run on (the workspace's msw is 2: the peer range covers both). */
export const MSW_3 = '3.0.5';

/** msw at an exact version, from the npm registry, installed once into node_modules/.cache (no install script runs); its folder. */
export function mswInstall(version: string): string {
  const dir = join(root, 'node_modules/.cache/pipeline-api-msw', version);
  installOnce(dir, 'node_modules/msw/package.json', [`msw@${version}`], ['--ignore-scripts']);
  return dir;
}
