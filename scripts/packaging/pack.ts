import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { folderToPack } from './packed-manifest.js';
import { PACKAGES, root } from './workspaces.js';

export interface Tarball {
  name: string;
  /** Absolute path of the .tgz. */
  path: string;
  /** Bytes of the tarball, and of its unpacked files. */
  size: number;
  unpackedSize: number;
  files: string[];
}

/**
 * `npm pack` for every published workspace package into `destination`, in build order. With `build` (the
 * default) each package is built first, as its prepack would; without, the dist already there is packed as it
 * is (the tests, after `npm run build`), and a package without its declarations is an error rather than an
 * incomplete tarball.
 */
export async function packAll(destination: string, options: { build?: boolean } = {}): Promise<Tarball[]> {
  const build = options.build ?? true;
  mkdirSync(destination, { recursive: true });
  for (const { dir, name } of PACKAGES) {
    // Built here rather than by npm pack's prepack: a build's output would mix into pack's --json.
    if (build) execFileSync('npm', ['run', 'build', '--silent', '-w', name], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    else if (!existsSync(join(dir, 'dist/index.d.ts')) && !existsSync(join(dir, 'dist/http.d.ts'))) {
      throw new Error(`${name}: dist has no declarations; run \`npm run build\` first`);
    }
  }
  // One npm for all six: each npm start costs about a second. Each by its folder (a staged copy where the packed
  // manifest differs from the workspace's: packed-manifest.ts).
  const folders = PACKAGES.map(({ dir }) => ({ dir, packed: folderToPack(dir) }));
  const args = ['pack', ...folders.map((f) => f.packed), '--pack-destination', destination, '--json', '--ignore-scripts'];
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)('npm', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
  } finally {
    for (const { dir, packed } of folders) if (packed !== dir) rmSync(packed, { recursive: true, force: true });
  }
  const packed = JSON.parse(stdout) as {
    name: string;
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  return PACKAGES.map(({ name }) => {
    const tarball = packed.find((entry) => entry.name === name);
    if (!tarball) throw new Error(`npm pack did not pack ${name}`);
    return { name, path: join(destination, tarball.filename), size: tarball.size, unpackedSize: tarball.unpackedSize, files: tarball.files.map((f) => f.path) };
  });
}
