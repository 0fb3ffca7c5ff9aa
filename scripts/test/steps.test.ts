import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runSteps } from './steps.js';

const bash = (name: string, script: string, after?: string[]) => ({ name, command: 'bash', args: ['-c', script], after });

describe('steps run side by side', () => {
  it("prints a failed step's output whole, never interleaved with another's, and a passing step's line alone", async () => {
    const printed: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'steps-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const finished = join(dir, 'fast.pid');
    // The slow step waits until the fast one has exited and been reaped (kill -0 sees a zombie), so the order holds
    // however loaded the machine is.
    const fastGone = `until [ -s ${finished} ] && ! kill -0 "$(cat ${finished})" 2>/dev/null; do sleep 0.05; done`;
    const results = await runSteps(
      [
        bash('slow', `echo slow-1; sleep 0.4; ${fastGone}; echo slow-2 >&2; exit 3`),
        bash('fast', `echo fast-1; echo fast-2; echo $$ > ${finished}.tmp && mv ${finished}.tmp ${finished}`),
      ],
      2,
      (text) => printed.push(text),
    );
    expect(results.map((r) => [r.name, r.code])).toEqual([
      ['slow', 3],
      ['fast', 0],
    ]);
    // Both ran at once: the fast one ended while the slow one was still running.
    expect(printed.map((text) => text.split(' ')[1])).toEqual(['fast', 'slow']);
    expect(printed[0]).toMatch(/^✓ fast \d+\.\d s\n$/);
    expect(printed[1]).toMatch(/^✗ slow \d+\.\d s \(exit code 3\)\nslow-1\nslow-2\n$/);
    expect(results[0]!.ms).toBeGreaterThanOrEqual(400);
  });

  it('runs no more at once than asked, and a step after a failed one not at all', async () => {
    const printed: string[] = [];
    const started = performance.now();
    const results = await runSteps(
      [bash('first', 'sleep 0.3'), bash('second', 'sleep 0.3'), bash('broken', 'exit 1'), bash('needs-broken', 'echo ran', ['broken'])],
      1,
      (text) => printed.push(text),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(600);
    expect(results.map((r) => [r.name, r.code])).toEqual([
      ['first', 0],
      ['second', 0],
      ['broken', 1],
      ['needs-broken', undefined],
    ]);
    expect(printed.at(-1)).toBe('- needs-broken: not run (broken failed)\n');
  });

  it('starts a step only after the ones it comes after succeeded', async () => {
    const order: string[] = [];
    await runSteps([bash('query', 'true', ['sdk']), bash('sdk', 'sleep 0.2')], 2, (text) => order.push(text.split(' ')[1]!));
    expect(order).toEqual(['sdk', 'query']);
  });
});
