import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readManifest } from './imports.js';
import { packAll, type Tarball } from './pack.js';
import { sharedEntry } from './shared-entry.js';
import { PACKAGES, root } from './workspaces.js';

export const SHARED_TARBALLS = join(root, 'node_modules/.cache/pipeline-api-packed');
const INDEX = 'tarballs.json';
const WAIT_MS = 300_000;

/** Every file `npm pack` takes from a package folder: package.json, README and LICENSE, and what `files` names. */
function packedFiles(dir: string): string[] {
  const walk = (path: string): string[] => (statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => walk(join(path, name))) : [path]);
  const always = readdirSync(dir).filter((name) => name === 'package.json' || /^(readme|license)(\..*)?$/i.test(name));
  const listed = (readManifest(dir).files ?? []).filter((entry) => existsSync(join(dir, entry)));
  return [...new Set([...always, ...listed].flatMap((entry) => walk(join(dir, entry))))].sort();
}

/** A hash of what would be packed: each package's files, by path and content. */
export function packedContentKey(dirs: readonly string[] = PACKAGES.map((p) => p.dir)): string {
  const hash = createHash('sha256');
  for (const dir of dirs) {
    for (const file of packedFiles(dir))
      hash
        .update(`${relative(root, file)}\0`)
        .update(readFileSync(file))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function read(entry: string): Tarball[] {
  const saved = JSON.parse(readFileSync(join(entry, INDEX), 'utf8')) as (Omit<Tarball, 'path'> & { file: string })[];
  return saved.map(({ file, ...tarball }) => ({ ...tarball, path: join(entry, file) }));
}

/**
 * The tarballs of every published package as `npm run build` left them, packed once and shared by every test
 * that installs them (test files in other workers included), under node_modules/.cache keyed by a hash of what is
 * packed: a rebuild that changes a file makes a new entry. Two files asking at once pack once (shared-entry.ts). The tarballs are read-only for the tests: install from them, never write beside them.
 */
export async function sharedTarballs(cache = SHARED_TARBALLS): Promise<Tarball[]> {
  for (const { dir, name } of PACKAGES) {
    if (!existsSync(join(dir, 'dist/index.d.ts')) && !existsSync(join(dir, 'dist/http.d.ts'))) {
      throw new Error(`${name}: dist has no declarations; run \`npm run build\` first`);
    }
  }
  const entry = await sharedEntry(
    cache,
    packedContentKey(),
    async (dir) => {
      const tarballs = await packAll(dir, { build: false });
      const index = tarballs.map(({ path, ...tarball }) => ({ ...tarball, file: relative(dir, path) }));
      writeFileSync(join(dir, INDEX), JSON.stringify(index, null, 2));
    },
    WAIT_MS,
  );
  return read(entry);
}

/** The path of one package's tarball (its folder name: `sdk`, `mocks`, ...). */
export const tarballOf = (tarballs: readonly Tarball[], folder: string) => {
  const found = tarballs.find((t) => t.name === `@pipeline-api/${folder}`);
  if (!found) throw new Error(`no tarball for @pipeline-api/${folder}`);
  return found.path;
};
