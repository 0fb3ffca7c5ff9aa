import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './workspaces.js';

export interface LintResult {
  code: number | null;
  output: string;
}

const run = (bin: string, args: string[]): LintResult => {
  const result = spawnSync(join(root, 'node_modules/.bin', bin), args, { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
};

/** publint --strict on a package folder: clean means exit 0 and no warning, error or suggestion printed. */
export const publint = (dir: string): LintResult => run('publint', ['--strict', dir]);

/**
 * are-the-types-wrong on a packed tarball. `profile`: `node16` for packages with subpath exports (node10
 * resolution, TypeScript's deprecated `moduleResolution: node`, cannot see subpaths at all), `esm-only` for
 * the ESM-only server (Node 20.19+ requires ESM; a CommonJS caller uses import()).
 */
export const attw = (tarball: string, options: { profile?: 'node16' | 'esm-only'; exclude?: readonly string[] } = {}): LintResult =>
  run('attw', [
    tarball,
    '--format',
    'table',
    ...(options.profile ? ['--profile', options.profile] : []),
    ...(options.exclude?.length ? ['--exclude-entrypoints', ...options.exclude] : []),
  ]);

export const PUBLINT_CLEAN = /warning|error|suggestion/i;
/** Problems attw reports and its profile does not ignore (each problem line links its documentation). */
export const attwProblems = (result: LintResult) =>
  result.output
    .split('\n')
    .filter((line) => line.includes('arethetypeswrong.github.io/blob/main/docs/problems') && !line.startsWith('(ignored per resolution)'));
