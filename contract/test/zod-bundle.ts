import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The zod files a browser bundle of `entry` carries (esbuild, minified, as an app bundles it). */
export async function zodFilesBundled(entry: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    metafile: true,
    outdir: 'out',
    conditions: ['@pipeline-api/source'],
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return Object.entries(output.inputs)
    .filter(([path, { bytesInOutput }]) => path.includes('node_modules/zod/') && bytesInOutput > 0)
    .map(([path]) => path.replace(/^.*node_modules\/zod\//, ''));
}

/** What a bundle of zod/mini's validators never needs: classic zod, other locales, JSON Schema, the compiler. */
export const UNNEEDED_ZOD = /^(v4\/classic\/|v4\/locales\/(?!en\.js)|v4\/core\/(to-json-schema|json-schema|compile))/;
