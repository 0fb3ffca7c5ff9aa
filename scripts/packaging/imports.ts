import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** `@scope/name/sub/path` -> `@scope/name`, `name/sub` -> `name`; undefined for relative paths and Node built-ins. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Files under `dir` (recursively) whose names pass `keep`, skipping node_modules, dist and test folders unless asked. */
export function filesUnder(dir: string, keep: (name: string) => boolean, skip = ['node_modules', 'dist', 'test']): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!skip.includes(name) && !name.startsWith('.')) found.push(...filesUnder(path, keep, skip));
    } else if (keep(name)) found.push(path);
  }
  return found;
}

/**
 * Every package a file names: static, type-only and dynamic imports, `require(...)` calls (TypeScript's own
 * pre-processor reads them, multi-line imports included), and package files found through createRequire's resolve (the server
 * serves Redoc's and Swagger UI's files from their packages).
 */
export function packagesImportedBy(files: readonly string[]): Map<string, string[]> {
  const byPackage = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
    // A bare `resolve(...)`, `require.resolve(...)` or `createRequire(...).resolve(...)`; not a method of another object
    // (the core's `routes.resolve('GET', path)`), nor a promise's `resolve('a sentence')` (no specifier holds a space).
    for (const match of text.matchAll(/(?:(?<![.\w])|(?<=\)\.)|(?<=\brequire\.))resolve\(\s*[`'"]([^`'"$\s]+)(?=[`'"$])/g)) specifiers.push(match[1]!);
    for (const specifier of specifiers) {
      const name = packageOf(specifier);
      if (name === undefined) continue;
      byPackage.set(name, [...(byPackage.get(name) ?? []), file]);
    }
  }
  return byPackage;
}

export interface Manifest {
  name: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  files?: string[];
}

export const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;

/** Where each name was imported, as paths relative to `root`, for failure messages. */
export const describeImports = (imports: Map<string, string[]>, names: Iterable<string>, root: string) =>
  [...names].map((name) => `${name} (${[...new Set(imports.get(name) ?? [])].map((f) => relative(root, f)).join(', ')})`);
