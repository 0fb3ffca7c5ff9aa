import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The field of a workspace package.json that becomes `engines` in its packed manifest. npm checks every workspace's
 * `engines` against the Node running `npm ci` and warns (EBADENGINE) when it does not match, although a workspace
 * is never installed as a dependency: the server needs Node 22.13 (`node:sqlite`) to run, while this repository
 * is set up with any Node from 20.19 and runs the server on its own Node 24. So the server states its floor here,
 * and the tarball a user installs carries it as `engines`, which npm checks at their install.
 */
export const PACKED_ENGINES_FIELD = 'enginesWhenPacked';

type Manifest = Record<string, unknown>;

/** The manifest as packed: `enginesWhenPacked` moved to `engines`; unchanged when it has none. */
export function packedManifest(manifest: Manifest): Manifest {
  if (!Object.hasOwn(manifest, PACKED_ENGINES_FIELD)) return manifest;
  const { [PACKED_ENGINES_FIELD]: engines, ...rest } = manifest;
  if (Object.hasOwn(rest, 'engines')) throw new Error(`${String(manifest.name)}: both engines and ${PACKED_ENGINES_FIELD}; keep one`);
  return { ...rest, engines };
}

/**
 * The folder `npm pack` packs for a package: the package itself, or, when its packed manifest differs, a copy of
 * what npm packs (package.json, README, LICENSE, the `files` entries) in the temp folder with that manifest. The
 * caller removes the copy (`staged !== dir`).
 */
export function folderToPack(dir: string): string {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
  const packed = packedManifest(manifest);
  if (packed === manifest) return dir;
  const files = Array.isArray(manifest.files) ? manifest.files.filter((f): f is string => typeof f === 'string') : [];
  const staged = mkdtempSync(join(tmpdir(), 'pipeline-api-pack-'));
  for (const entry of [...files, 'README.md', 'LICENSE']) {
    if (existsSync(join(dir, entry))) cpSync(join(dir, entry), join(staged, entry), { recursive: true });
  }
  writeFileSync(join(staged, 'package.json'), `${JSON.stringify(packed, null, 2)}\n`);
  return staged;
}
