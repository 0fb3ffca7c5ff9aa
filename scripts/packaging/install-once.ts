import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** npm itself, as `installOnce` runs it: `npm <args>`. */
const npm = (args: readonly string[]): void => void execFileSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });

/**
 * `npm install <specs>` from the npm registry into `dir`, once: into a folder of its own
 * beside `dir`, then renamed into place whole. Two processes asking at once (test files in two workers, a benchmark
 * beside them) never install into one folder, and neither sees half an install; `done` (a path inside `dir`) says an
 * install is there.
 */
export function installOnce(
  dir: string,
  done: string,
  specs: readonly string[],
  options: readonly string[] = [],
  run: (args: readonly string[]) => void = npm,
): void {
  if (existsSync(join(dir, done))) return;
  mkdirSync(dirname(dir), { recursive: true });
  const making = mkdtempSync(`${dir}.making-`);
  try {
    const args = ['install', '--prefix', making, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefer-offline', ...options, ...specs];
    run(args);
    if (!existsSync(join(making, done))) throw new Error(`npm ${args.join(' ')} installed no ${done}`);
    try {
      renameSync(making, dir);
    } catch (error) {
      if (existsSync(join(dir, done))) return; // another process got there first: its install is the same
      // A folder left by an install that never finished (the older layout installed in place): replaced.
      rmSync(dir, { recursive: true, force: true });
      renameSync(making, dir);
      if (!existsSync(join(dir, done))) throw error;
    }
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
}
