import { spawnGroup } from '../process-group.js';
import { root } from '../packaging/workspaces.js';

export interface Step {
  name: string;
  command: string;
  args: readonly string[];
  cwd?: string;
  /** Steps that must succeed first (names in the same run). */
  after?: readonly string[];
}

export interface StepResult {
  name: string;
  /** The exit code; undefined when the step never ran (a step it comes after failed). */
  code: number | undefined;
  output: string;
  ms: number;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One command to its end, stdout and stderr together in the order they came, in a process group of its own. */
function runStep(step: Step): Promise<StepResult> {
  const started = performance.now();
  const run = spawnGroup(step.command, step.args, { cwd: step.cwd ?? root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } });
  let output = '';
  run.child.stdout!.on('data', (chunk) => (output += chunk));
  run.child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    run.child.once('error', (error) => (output += `${String(error)}\n`));
    run.child.once('close', (code) => {
      void run.stop(0).then(() => resolve({ name: step.name, code: code ?? 1, output, ms: performance.now() - started }));
    });
  });
}

/**
 * Runs `steps` at most `concurrency` at a time, in the order given (longest first is fastest), each only once the
 * steps it comes `after` have succeeded. Each step prints one line when it ends (its name, time and outcome) and,
 * when it failed, its whole output (stdout and stderr as they came), never interleaved with another's.
 */
export async function runSteps(
  steps: readonly Step[],
  concurrency: number,
  print: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<StepResult[]> {
  const results = new Map<string, StepResult>();
  const waiting = [...steps];
  const running = new Set<Promise<void>>();
  const failed = (name: string) => results.has(name) && results.get(name)!.code !== 0;
  const ready = (step: Step) => (step.after ?? []).every((name) => results.get(name)?.code === 0);
  for (;;) {
    // A step after a failed one never runs: its result says so.
    for (const step of waiting.filter((s) => (s.after ?? []).some(failed))) {
      waiting.splice(waiting.indexOf(step), 1);
      results.set(step.name, { name: step.name, code: undefined, output: '', ms: 0 });
      print(`- ${step.name}: not run (${(step.after ?? []).filter(failed).join(', ')} failed)\n`);
    }
    const next = running.size < concurrency ? waiting.find(ready) : undefined;
    if (next) {
      waiting.splice(waiting.indexOf(next), 1);
      const done: Promise<void> = runStep(next).then((result) => {
        results.set(next.name, result);
        running.delete(done);
        const failure = result.code === 0 ? '' : ` (exit code ${result.code})\n${result.output.trimEnd()}`;
        print(`${result.code === 0 ? '✓' : '✗'} ${next.name} ${seconds(result.ms)}${failure}\n`);
      });
      running.add(done);
      continue;
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  for (const step of waiting) {
    results.set(step.name, { name: step.name, code: undefined, output: '', ms: 0 });
    print(`- ${step.name}: not run (it comes after ${(step.after ?? []).join(', ')}, which are not all in this run)\n`);
  }
  return steps.map((step) => results.get(step.name)!);
}
