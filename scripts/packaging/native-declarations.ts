import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execGroup } from '../process-group.js';
import { root } from './workspaces.js';

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

/** tsup's `dts` option: each entry's emitted declarations. */
export type NativeDeclarations = { entry: Record<string, string> };

const declarationOf = (source: string) => source.replace(/\.tsx?$/, '.d.ts');

/**
 * The declarations of a package's entries, for tsup's `dts`. TypeScript 7's native compiler type-checks the
 * package and emits its declaration tree (a type error fails the build); tsup then bundles each
 * entry from those .d.ts files alone, which needs no TypeScript 5 program (building one took most of each build).
 * Imports of other packages resolve through node_modules, so they stay imports (a workspace
 * package's sources count as a library there, and TypeScript emits nothing for them); relative imports reach the
 * emitted tree.
 */
export async function nativeDeclarations(
  packageDir: string,
  entries: Record<string, string>,
  tsconfig: string,
  scratch = tmpdir(),
): Promise<NativeDeclarations> {
  const outDir = mkdtempSync(join(scratch, 'pipeline-api-declarations-'));
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
  // In a process group of its own, stopped with the build (a signal to the build stops the compiler too).
  const compiled = await execGroup(process.execPath, [TYPESCRIPT_7, '-p', project, '--pretty', 'false'], { cwd: packageDir, timeoutMs: 300_000 });
  if (compiled.code !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`TypeScript 7 could not emit the declarations of ${packageDir}:\n${compiled.stdout}${compiled.stderr}`);
  }
  const entry = Object.fromEntries(
    Object.entries(entries).map(([name, source]) => [name, join(outDir, declarationOf(resolve(packageDir, source).slice(root.length)))]),
  );
  return { entry };
}
