import { randomUUID } from 'node:crypto';
// Only what has no side effect: vitest evaluates a globalSetup once per project, so a module-level process listener
// would be added nine times.
import { processesMarked } from './processes-marked.js';

/** Marks every process the test run starts (the environment is inherited), so any left behind is found at the end. */
const MARKER = 'PIPELINE_API_TEST_RUN';

/**
 * vitest globalSetup: fails the run when a process a test started outlives the suites (a server, a browser, a
 * shell's child), wherever it was reparented to. The runner's own workers and tooling are not the tests'.
 */
export default function setup() {
  const run = randomUUID();
  process.env[MARKER] = run;
  return async function teardown() {
    let left = leftovers(run);
    // Give processes already told to stop a moment to go.
    for (let waited = 0; left.length > 0 && waited < 5000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      left = leftovers(run);
    }
    if (left.length > 0) {
      // vitest reports a teardown error but keeps its exit code: the run must fail.
      process.exitCode = 1;
      for (const { pid } of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      throw new Error(
        `processes started by the tests outlived them (they were killed now; stop each with its process group):\n${left.map((p) => `  ${p.pid} ${p.command}`).join('\n')}`,
      );
    }
  };
}

const leftovers = (run: string) => processesMarked(MARKER, run);
