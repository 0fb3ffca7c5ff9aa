import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Every process a test or benchmark starts runs in a process group of its own (spawned detached), and is
 * stopped with the whole group: a server's own children (tsx's node, a shell's commands) go with it.
 */
export interface GroupProcess {
  child: ChildProcess;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves once the group leader has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Groups started and not stopped yet: killed if this process exits first (a failed benchmark, Ctrl-C). */
const live = new Set<number>();
process.once('exit', () => {
  for (const pgid of live) signalGroup(pgid, 'SIGKILL');
});

/** For scripts (benchmarks): Ctrl-C or a TERM stops every group first, then exits as the signal would. */
export function stopGroupsOnSignals() {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => process.exit(code));
}

export function spawnGroup(command: string, args: readonly string[], options: SpawnOptions = {}): GroupProcess {
  const child = spawn(command, args, { ...options, detached: true });
  if (child.pid !== undefined) live.add(child.pid);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    child,
    async stop(graceMs = 5000) {
      if (child.pid === undefined) return;
      signalGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // The leader may exit first (tsx's wrapper does): what is left of its group goes too.
      signalGroup(child.pid, 'SIGKILL');
      live.delete(child.pid);
    },
  };
}

function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is gone.
  }
}

/** Runs a command to its end in a group of its own, output collected; past `timeoutMs` the whole group is killed. */
export async function execGroup(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { timeoutMs = 90_000, ...spawnOptions } = options;
  const run = spawnGroup(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  run.child.stdout!.on('data', (chunk) => (stdout += chunk));
  run.child.stderr!.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => void run.stop(0), timeoutMs);
  const code = await new Promise<number>((resolve) => {
    run.child.once('error', (error) => ((stderr += String(error)), resolve(127)));
    run.child.once('close', (exitCode) => resolve(exitCode ?? 1));
  });
  clearTimeout(timer);
  await run.stop(); // anything the command left running in its group goes too
  return { code, stdout, stderr };
}
