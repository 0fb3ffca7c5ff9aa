import { relative } from 'node:path';
import { experimental_getRunnerTask as runnerTask, type Reporter, type TestModule } from 'vitest/node';

interface ProjectTime {
  files: number;
  tests: number;
  failed: number;
  /** Sum of each file's own time (its tests, hooks, imports): the work, whatever ran beside it. */
  busyMs: number;
  firstStart: number;
  lastEnd: number;
}

/**
 * Prints one line per vitest project after the run: files, tests, the wall time from its first file's start to
 * its last file's end, and the busy time its files took. Projects run side by side, so wall times overlap. The unit
 * project, every package's tests in one, also gets a line per package (`unit › core`).
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly projects = new Map<string, ProjectTime>();

  onTestModuleEnd(module: TestModule) {
    const diagnostic = module.diagnostic();
    const beforeRun = diagnostic.prepareDuration + diagnostic.setupDuration + diagnostic.collectDuration;
    // Events reach the reporter in batches: the file's own clock (in its worker) says when it ran.
    const result = runnerTask(module).result;
    const end = (result?.startTime ?? Date.now()) + (result?.duration ?? 0);
    const start = (result?.startTime ?? end) - beforeRun;
    const project = module.project.name || '(root)';
    const packageName = relative(module.project.config.root, module.moduleId).split(/[\\/]/)[0];
    const names = project === 'unit' && packageName ? [project, `${project} › ${packageName}`] : [project];
    const tests = [...module.children.allTests()];
    const failed = tests.filter((test) => test.result().state === 'failed').length + (module.state() === 'failed' && tests.length === 0 ? 1 : 0);
    for (const name of names) {
      const time = this.projects.get(name) ?? { files: 0, tests: 0, failed: 0, busyMs: 0, firstStart: start, lastEnd: end };
      time.files += 1;
      time.tests += tests.length;
      time.failed += failed;
      time.busyMs += beforeRun + diagnostic.duration;
      time.firstStart = Math.min(time.firstStart, start);
      time.lastEnd = Math.max(time.lastEnd, end);
      this.projects.set(name, time);
    }
  }

  onTestRunEnd() {
    if (this.projects.size === 0) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const rows = [...this.projects].sort(([a], [b]) => a.localeCompare(b));
    const width = Math.max(...rows.map(([name]) => name.length));
    const lines = rows.map(
      ([name, t]) =>
        `  ${name.padEnd(width)}  ${String(t.files).padStart(3)} files ${String(t.tests).padStart(4)} tests${t.failed ? ` (${t.failed} failed)` : ''}` +
        `  wall ${seconds(t.lastEnd - t.firstStart).padStart(7)}  busy ${seconds(t.busyMs).padStart(7)}`,
    );
    process.stdout.write(`\nTime per project (wall: first file start to last file end; busy: the files' own time)\n${lines.join('\n')}\n`);
  }
}
