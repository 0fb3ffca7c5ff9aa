import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
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
export function packAll(destination: string, options: { build?: boolean } = {}): Tarball[] {
  const build = options.build ?? true;
  mkdirSync(destination, { recursive: true });
  return PACKAGES.map(({ dir, name }) => {
    // Built here rather than by npm pack's prepack: a build's output would mix into pack's --json.
    if (build) execFileSync('npm', ['run', 'build', '--silent', '-w', name], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    else if (!existsSync(join(dir, 'dist/index.d.ts')) && !existsSync(join(dir, 'dist/http.d.ts'))) {
      throw new Error(`${name}: dist has no declarations; run \`npm run build\` first`);
    }
    const args = ['pack', '-w', name, '--pack-destination', destination, '--json', '--ignore-scripts'];
    const [packed] = JSON.parse(execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })) as {
      filename: string;
      size: number;
      unpackedSize: number;
      files: { path: string }[];
    }[];
    return {
      name,
      path: join(destination, packed!.filename),
      size: packed!.size,
      unpackedSize: packed!.unpackedSize,
      files: packed!.files.map((f) => f.path),
    };
  });
}
