import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { execGroup } from '../process-group.js';

/** npm itself, as `installOnce` runs it: `npm <args>`. */
const npm = (args: readonly string[]): void => void execFileSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 });

/** npm without blocking the caller's event loop (downloads overlap with other work), as `installOnceAsync` runs it. */
const npmAsync = async (args: readonly string[]): Promise<void> => {
  const run = await execGroup('npm', args, { timeoutMs: 300_000 });
  if (run.code !== 0) throw new Error(`npm ${args.join(' ')} failed (${run.code}):\n${run.stderr}`);
};

/** The folder an install goes into before it is renamed into place, and npm's arguments for it. */
function begin(dir: string, specs: readonly string[], options: readonly string[]) {
  mkdirSync(dirname(dir), { recursive: true });
  const making = mkdtempSync(`${dir}.making-`);
  const args = ['install', '--prefix', making, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefer-offline', ...options, ...specs];
  return { making, args };
}

/** Renames a finished install into place, unless another process got there first. */
function finish(dir: string, done: string, making: string, args: readonly string[]): void {
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
}

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
  const { making, args } = begin(dir, specs, options);
  try {
    run(args);
    finish(dir, done, making, args);
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
}

/** `installOnce`, with npm run in the background: several installs at once, and the caller's timers keep running. */
export async function installOnceAsync(
  dir: string,
  done: string,
  specs: readonly string[],
  options: readonly string[] = [],
  run: (args: readonly string[]) => Promise<void> = npmAsync,
): Promise<void> {
  if (existsSync(join(dir, done))) return;
  const { making, args } = begin(dir, specs, options);
  try {
    await run(args);
    finish(dir, done, making, args);
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
}
