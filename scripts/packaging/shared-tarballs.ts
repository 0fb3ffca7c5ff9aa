import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readManifest } from './imports.js';
import { packAll, type Tarball } from './pack.js';
import { PACKAGES, root } from './workspaces.js';

export const SHARED_TARBALLS = join(root, 'node_modules/.cache/pipeline-api-packed');
const INDEX = 'tarballs.json';
const WAIT_MS = 300_000;
/** Entries packed this long ago are removed when a new one is packed (a rebuild that changes a file makes a new key). */
const STALE_MS = 60 * 60 * 1000;

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

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock (a folder: mkdir is atomic) or says who holds it; a lock whose process is gone is broken. */
function tryLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number(existsSync(join(lock, 'pid')) ? readFileSync(join(lock, 'pid'), 'utf8') : NaN);
    // A holder that died before writing its pid leaves an empty lock: judged by its age instead.
    const abandoned = Number.isNaN(pid) ? Date.now() - statSync(lock).mtimeMs > 10_000 : !isAlive(pid);
    if (abandoned) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function read(entry: string): Tarball[] {
  const saved = JSON.parse(readFileSync(join(entry, INDEX), 'utf8')) as (Omit<Tarball, 'path'> & { file: string })[];
  return saved.map(({ file, ...tarball }) => ({ ...tarball, path: join(entry, file) }));
}

function removeStaleEntries(cache: string, keep: string) {
  for (const name of readdirSync(cache)) {
    const path = join(cache, name);
    if (path !== keep && !name.endsWith('.lock') && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * The tarballs of every published package as `npm run build` left them, packed once and shared by every test
 * that installs them (test files in other workers included), under node_modules/.cache keyed by a hash of what is
 * packed: a rebuild that changes a file makes a new entry. Two files asking at once pack once: one holds a lock, the
 * other waits for its entry. The tarballs are read-only for the tests: install from them, never write beside them.
 */
export async function sharedTarballs(cache = SHARED_TARBALLS): Promise<Tarball[]> {
  for (const { dir, name } of PACKAGES) {
    if (!existsSync(join(dir, 'dist/index.d.ts')) && !existsSync(join(dir, 'dist/http.d.ts'))) {
      throw new Error(`${name}: dist has no declarations; run \`npm run build\` first`);
    }
  }
  const entry = join(cache, packedContentKey());
  const lock = `${entry}.lock`;
  mkdirSync(cache, { recursive: true });
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(join(entry, INDEX))) {
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS / 1000} s for another test to pack into ${entry}`);
    if (!tryLock(lock)) {
      await sleep(200);
      continue;
    }
    try {
      if (existsSync(join(entry, INDEX))) break;
      // Packed aside and renamed into place whole: a reader never sees half an entry.
      const packing = mkdtempSync(join(cache, '.packing-'));
      try {
        const tarballs = await packAll(packing, { build: false });
        const index = tarballs.map(({ path, ...tarball }) => ({ ...tarball, file: relative(packing, path) }));
        writeFileSync(join(packing, INDEX), JSON.stringify(index, null, 2));
        rmSync(entry, { recursive: true, force: true });
        renameSync(packing, entry);
      } finally {
        rmSync(packing, { recursive: true, force: true });
      }
      removeStaleEntries(cache, entry);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return read(entry);
}

/** The path of one package's tarball (its folder name: `sdk`, `mocks`, ...). */
export const tarballOf = (tarballs: readonly Tarball[], folder: string) => {
  const found = tarballs.find((t) => t.name === `@pipeline-api/${folder}`);
  if (!found) throw new Error(`no tarball for @pipeline-api/${folder}`);
  return found.path;
};
