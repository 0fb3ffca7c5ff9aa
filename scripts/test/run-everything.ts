/**
 * `npm test`, the README's and CI's command: everything, each phase timed.
 * 1. the build and the checks side by side, one queue on every core, longest first: lint, the builds (two can run at
 *    once), typecheck, format:check, contract:check (the breaking-change gate); beside them the prerequisites (Chromium, Schemathesis: quick when present). The
 *    checks read sources only (the source condition resolves every workspace package to its sources), never a dist;
 * 2. vitest, every project in one queue, longest file first.
 * A failed phase stops the run with its output shown (a lint error shows in a minute, not after the tests).
 * Arguments go to vitest (`npm test -- --project slow`).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { buildSteps } from '../packaging/builds.js';
import { root } from '../packaging/workspaces.js';
import { stopGroupsOnSignals } from '../process-group.js';
import { runSteps, seconds, type StepResult } from './steps.js';

stopGroupsOnSignals();
const cores = Math.max(2, availableParallelism());
const npmRun = (script: string) => ({ name: script, command: 'npm', args: ['run', '--silent', script] });
const phases: { name: string; ms: number; steps: StepResult[] }[] = [];

async function phase(name: string, run: () => Promise<StepResult[]>) {
  const started = performance.now();
  process.stdout.write(`\n── ${name}\n`);
  const steps = await run();
  phases.push({ name, ms: performance.now() - started, steps });
  return steps.every((step) => step.code === 0);
}

function vitest(): Promise<StepResult[]> {
  const started = performance.now();
  // Not a group of its own: Ctrl-C reaches vitest, which stops its workers and what the tests started.
  const child = spawn(join(root, 'node_modules/.bin/vitest'), ['run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('error', (error) => resolve([{ name: 'vitest', code: 127, output: String(error), ms: performance.now() - started }]));
    child.once('close', (code) => resolve([{ name: 'vitest', code: code ?? 1, output: '', ms: performance.now() - started }]));
  });
}

function printTimes() {
  const total = phases.reduce((sum, p) => sum + p.ms, 0);
  const rows = phases.map(({ name, ms, steps }) => {
    const each = steps.length > 1 ? `  (${steps.map((s) => `${s.name} ${s.code === undefined ? 'not run' : seconds(s.ms)}`).join(', ')})` : '';
    return `  ${name.padEnd(14)} ${seconds(ms).padStart(8)}${each}`;
  });
  process.stdout.write(`\nnpm test: time per phase (side by side within a phase)\n${rows.join('\n')}\n  ${'total'.padEnd(14)} ${seconds(total).padStart(8)}\n`);
}

const checks = [npmRun('lint'), ...buildSteps(), npmRun('typecheck'), npmRun('format:check'), npmRun('contract:check')];
const prerequisites = [
  { name: 'chromium', command: 'bash', args: ['scripts/ensure-chromium.sh'] },
  { name: 'schemathesis', command: 'bash', args: ['scripts/schemathesis/ensure.sh'] },
];
const ok =
  (await phase('build + checks', async () => {
    const [built, ensured] = await Promise.all([runSteps(checks, cores), runSteps(prerequisites, 2)]);
    return [...built, ...ensured];
  })) && (await phase('vitest', vitest));
printTimes();
process.exitCode = ok ? 0 : 1;
