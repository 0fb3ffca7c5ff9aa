import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BROWSER_APP_BUILD } from '../../scripts/test/browser-app-build.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A browser bundle of `entry` (esbuild, minified, split at each `import()`, as an app bundles it): the code of all its
 * chunks, lazy ones included, and the files they carry code of (relative to the repository).
 */
export async function bundled(entry: string): Promise<{ code: string; files: string[] }> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    ...BROWSER_APP_BUILD,
    outdir: 'out',
    conditions: ['@pipeline-api/source'],
  });
  const files = Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([path]) => path),
  );
  return { code: result.outputFiles.map((file) => file.text).join('\n'), files: [...new Set(files)] };
}

/** The zod files a browser bundle of `entry` carries, relative to zod's package. */
export async function zodFilesBundled(entry: string): Promise<string[]> {
  return (await bundled(entry)).files.filter((path) => path.includes('node_modules/zod/')).map((path) => path.replace(/^.*node_modules\/zod\//, ''));
}

/** What a bundle of zod/mini's validators never needs: classic zod, other locales, JSON Schema, the compiler. */
export const UNNEEDED_ZOD = /^(v4\/classic\/|v4\/locales\/(?!en\.js)|v4\/core\/(to-json-schema|json-schema|compile))/;

/** Every text only the documents need: route summaries and descriptions, tag descriptions. */
export function documentationTexts(docs: { ROUTE_DOCS: object; TAG_DOCS: Record<string, string> }): string[] {
  const routes = Object.values(docs.ROUTE_DOCS).flatMap((node: Record<string, { summary: string; description: string }>) =>
    Object.values(node).flatMap(({ summary, description }) => [summary, description]),
  );
  return [...routes, ...Object.values(docs.TAG_DOCS)];
}
