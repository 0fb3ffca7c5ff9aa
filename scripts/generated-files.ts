/**
 * Writes a generator's files, or with `--check` compares them with what is committed and exits 1 naming each stale
 * file. Generated sources are committed (a fresh clone type-checks, a review shows API surface changes); the build
 * never regenerates them, so a contract change that was not followed by `npm run generate` fails the check.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export function emitGenerated(generator: string, defaultOutDir: string, files: ReadonlyMap<string, string>, argv = process.argv.slice(2)): void {
  // `--out=<dir>` writes or checks elsewhere (the staleness test proves the check fails on a changed copy).
  const outDir = argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length) ?? defaultOutDir;
  if (!argv.includes('--check')) {
    mkdirSync(outDir, { recursive: true });
    for (const [name, text] of files) writeFileSync(join(outDir, name), text);
    return;
  }
  const stale = [...files].filter(([name, text]) => {
    const path = join(outDir, name);
    return !existsSync(path) || readFileSync(path, 'utf8') !== text;
  });
  if (stale.length === 0) return;
  const names = stale.map(([name]) => relative(process.cwd(), join(outDir, name))).join(', ');
  console.error(`${generator}: stale generated sources: ${names}. Run \`npm run generate\` and commit the result.`);
  process.exit(1);
}
