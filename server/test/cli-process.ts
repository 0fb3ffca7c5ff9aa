import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { TSX_NODE_ARGS } from '../../scripts/packaging/source-condition.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Waits (at most 10 s) until the output matches `pattern`: the lines after "listening on" may arrive after it. */
  printed(pattern: RegExp | string): Promise<void>;
  /** Signals the whole process group (the server and anything it started) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs the command (`server/cli/bin.ts` through tsx, or `entry` such as the built bin) in its own process
 * group on a free port, and waits for its "listening on" line.
 */
export async function startCli(args: string[], options: { env?: Record<string, string>; entry?: string[] } = {}): Promise<CliProcess> {
  const entry = options.entry ?? [...TSX_NODE_ARGS, 'server/cli/bin.ts'];
  const child = spawn(process.execPath, [...entry, '--port', '0', ...args], {
    cwd: root,
    env: { ...process.env, BCRYPT_ROUNDS: '4', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    }
    return exited;
  };
  const deadline = Date.now() + 30_000;
  while (!/listening on (http:\/\/\S+)/.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop('SIGKILL');
      throw new Error(`the server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const printed = async (pattern: RegExp | string) => {
    const matches = () => (typeof pattern === 'string' ? out.includes(pattern) : pattern.test(out));
    for (const deadline = Date.now() + 10_000; !matches() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
    if (!matches()) throw new Error(`the command did not print ${String(pattern)} within 10 s:\n${out}`);
  };
  return { child, url: /listening on (http:\/\/\S+)/.exec(out)![1]!, output: () => out, printed, stop };
}
