import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { PACKAGES, root } from '../packaging/workspaces.js';

// npm test runs lint and the type-check beside the build: only sound while neither reads what a build writes.
it("the type-checked program (typecheck's and lint's: tsconfig.json) reads no package's dist", () => {
  const listed = execFileSync(process.execPath, [join(root, 'node_modules/typescript-7/bin/tsc'), '-p', 'tsconfig.json', '--listFilesOnly'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = listed.split('\n').filter(Boolean);
  expect(files.length).toBeGreaterThan(100);
  const dists = PACKAGES.map((p) => `${p.dir}/dist/`);
  expect(files.filter((file) => dists.some((dist) => file.startsWith(dist))).map((file) => relative(root, file))).toEqual([]);
}, 60_000);
