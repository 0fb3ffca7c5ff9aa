/**
 * What each published package may carry: a file of a tarball that no pattern here allows (a source file, a test, a
 * stray build output) fails the publish check, and so does an entry point the manifest names but the tarball lacks.
 * A new kind of published file is added here, in review.
 */

/** Every package: its manifest, its licence, its changelog, and tsup's output (bundles, chunks, maps, declarations). */
const COMMON: readonly RegExp[] = [/^package\.json$/, /^LICENSE$/, /^CHANGELOG\.md$/, /^dist\/[\w.-]+\.(js|cjs)(\.map)?$/, /^dist\/[\w.-]+\.d\.(ts|cts)$/];

export const PUBLISHED_FILES: Readonly<Record<string, readonly RegExp[]>> = {
  '@pipeline-api/contract': COMMON,
  '@pipeline-api/core': COMMON,
  '@pipeline-api/mocks': COMMON,
  '@pipeline-api/server': [...COMMON, /^dist\/openapi\.json$/, /^fixtures\.schema\.json$/, /^example-fixtures\.json$/],
  '@pipeline-api/sdk': [...COMMON, /^README\.md$/],
  '@pipeline-api/query': [...COMMON, /^README\.md$/],
};

/** Files every package must carry, whatever its entry points. */
const REQUIRED = ['package.json', 'LICENSE', 'CHANGELOG.md'];

/** The tarball's files no pattern of the package allows (every file, for a package the list does not know). */
export function unexpectedFiles(name: string, files: readonly string[]): string[] {
  const allowed = Object.hasOwn(PUBLISHED_FILES, name) ? PUBLISHED_FILES[name]! : [];
  return files.filter((file) => !allowed.some((pattern) => pattern.test(file)));
}

/** Every file a manifest points at (main, module, types, bin, exports' targets but the workspace's source condition). */
export function entryFiles(manifest: Record<string, unknown>, sourceCondition: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, key?: string) => {
    if (key === sourceCondition) return;
    if (typeof value === 'string') found.add(value.replace(/^\.\//, ''));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  for (const field of ['main', 'module', 'types', 'bin', 'exports']) if (Object.hasOwn(manifest, field)) visit(manifest[field]);
  return [...found].filter((file) => !file.includes('*')).sort();
}

/** Files the package must carry (entry points, manifest, changelog) that the tarball lacks. */
export function missingFiles(manifest: Record<string, unknown>, files: readonly string[], sourceCondition: string): string[] {
  const present = new Set(files);
  return [...REQUIRED, ...entryFiles(manifest, sourceCondition)].filter((file) => !present.has(file));
}
