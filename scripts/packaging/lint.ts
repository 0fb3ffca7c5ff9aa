import { readFileSync } from 'node:fs';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

/** The bytes of a tarball as the linters take them. */
const bytesOf = (tarball: string) => new Uint8Array(readFileSync(tarball));

/**
 * publint --strict on a packed tarball (the files a user gets), in this process: every message, warnings and
 * suggestions included, as publint prints it (without colour, which publint turns on under CI); none when clean.
 */
export async function publintProblems(tarball: string): Promise<string[]> {
  const { buffer } = bytesOf(tarball);
  const { messages, pkg } = await publint({ pack: { tarball: buffer }, strict: true, level: 'suggestion' });
  return messages.map((message) => `${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`);
}

/**
 * The resolutions each are-the-types-wrong profile ignores, as its CLI's `--profile` does: `node16` for packages
 * with subpath exports (node10 resolution, TypeScript's deprecated `moduleResolution: node`, cannot see subpaths
 * at all), `esm-only` for the ESM-only server (Node 20.19+ requires ESM; a CommonJS caller uses import()).
 */
const IGNORED_RESOLUTIONS = { strict: [], node16: ['node10'], 'esm-only': ['node10', 'node16-cjs'] } as const;

/**
 * are-the-types-wrong on a packed tarball, in this process (one TypeScript loaded for every tarball a test file
 * checks): each problem its profile does not ignore, described; none when clean. A package without types is a problem.
 */
export async function attwProblems(tarball: string, profile: keyof typeof IGNORED_RESOLUTIONS = 'strict'): Promise<string[]> {
  const analysis = await checkPackage(createPackageFromTarballData(bytesOf(tarball)));
  if (!analysis.types) return [`${analysis.packageName}: no types`];
  const ignored: readonly string[] = IGNORED_RESOLUTIONS[profile];
  return analysis.problems
    .filter((problem) => !('resolutionKind' in problem) || !ignored.includes(problem.resolutionKind))
    .map((problem) => JSON.stringify(problem));
}
