import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Options } from 'tsup';
import { SOURCE_CONDITION } from './source-condition.js';
import { PACKAGES, root } from './workspaces.js';

const TYPESCRIPT_7 = join(root, 'node_modules/typescript-7/bin/tsc');

/** What tsup's own declaration build forces, so the declarations are the ones it would have emitted. */
const DECLARATION_ONLY = {
  noEmit: false,
  declaration: true,
  emitDeclarationOnly: true,
  noEmitOnError: true,
  declarationMap: false,
  checkJs: false,
  skipLibCheck: true,
  preserveSymlinks: false,
  target: 'ESNext',
};

const declarationOf = (source: string) => source.replace(/\.tsx?$/, '.d.ts');

/**
 * Each workspace package's entry points as their declarations under `outDir`, for what the source condition
 * resolved to. A package the compiler read from its dist has no declarations there, and TypeScript falls back from
 * a missing `paths` target to the usual lookup, so the map holds for a tsconfig without the condition too.
 */
function workspaceDeclarations(outDir: string): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const { dir, folder, name } of PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
    for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
      const source = typeof conditions === 'object' && conditions !== null ? (conditions as Record<string, unknown>)[SOURCE_CONDITION] : undefined;
      if (typeof source !== 'string') continue;
      paths[`${name}${subpath.slice(1)}`] = [join(outDir, folder, declarationOf(source))];
    }
  }
  return paths;
}

/**
 * The declarations of a package's entries, for tsup's `dts`. TypeScript 7's native compiler type-checks the
 * package and emits its declaration tree (the build fails on a type error, as tsup's did); tsup then bundles each
 * entry from those .d.ts files alone, which needs no TypeScript 5 program (building one took most of each build).
 * A workspace package the source condition would resolve to is read from its emitted declarations, so what was
 * inlined before is inlined now; dependencies stay imports (tsup marks them external).
 */
export async function nativeDeclarations(packageDir: string, entries: Record<string, string>, tsconfig: string): Promise<NonNullable<Options['dts']>> {
  const outDir = mkdtempSync(join(tmpdir(), 'pipeline-api-declarations-'));
  // The bundle is written after this returns (tsup's own worker), so the tree lives until the process ends.
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const project = join(outDir, 'tsconfig.json');
  const config = resolve(packageDir, tsconfig);
  const sources = Object.values(entries).map((entry) => resolve(packageDir, entry));
  // The project lives in the OS temp folder: type roots are named, since they would otherwise be looked up from there.
  const typeRoots = [join(packageDir, 'node_modules/@types'), join(root, 'node_modules/@types')];
  writeFileSync(
    project,
    JSON.stringify({ extends: config, files: sources, include: [], compilerOptions: { ...DECLARATION_ONLY, typeRoots, rootDir: root, outDir } }),
  );
  try {
    await promisify(execFile)(process.execPath, [TYPESCRIPT_7, '-p', project, '--pretty', 'false'], { cwd: packageDir, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`TypeScript 7 could not emit the declarations of ${packageDir}:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
  }
  const entry = Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [name, join(outDir, declarationOf(resolve(packageDir, source).slice(root.length)))]),
  );
  return { entry, compilerOptions: { paths: workspaceDeclarations(outDir) } };
}
