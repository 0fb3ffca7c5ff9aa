/**
 * The mocks' own tests on msw 3 (the workspace runs them on msw 2), on the project's Node (24) and on Node 26:
 * mocks/test/vitest.msw3.config.ts points `msw` at msw 3 installed from the registry (msw-install.ts).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execGroup } from '../../process-group.js';
import { MSW_3, mswInstall } from '../msw-install.js';
import { nodeBinary, TESTED_NODE } from '../node-runtime.js';
import { root } from '../workspaces.js';

const { VITEST_JSON: _, ...childEnv } = process.env;

/**
 * Two of the mocks' files never load msw through the config's alias: browser-worker.test.ts bundles its page with
 * esbuild and serves the workspace's worker script, vite-plugin.test.ts builds with Vite (both resolve msw 2 from
 * node_modules), so on Node 24 they would repeat, byte for byte, their own run in the slow project. On Node 26 they
 * run (their Node side, Vite and Playwright, on another Node).
 */
const SAME_AS_THEIR_OWN_RUN = ['mocks/test/browser-worker.test.ts', 'mocks/test/vite-plugin.test.ts'];

describe.each([
  ['24 (the project’s)', () => process.execPath, SAME_AS_THEIR_OWN_RUN],
  ['26', () => nodeBinary(TESTED_NODE[26]), []],
])(`the mocks' tests on msw ${MSW_3}, Node %s`, (_, node, skip) => {
  it('pass', async () => {
    const dir = mswInstall(MSW_3);
    const vitest = join(root, 'node_modules/vitest/vitest.mjs');
    // One worker that keeps the module graph between files: each file re-importing the core and the contract cost
    // more than its tests. The files run isolated in the mocks' own project; here the point is msw 3.
    const exclude = skip.flatMap((file) => ['--exclude', file]);
    const args = [vitest, 'run', '--config', 'mocks/test/vitest.msw3.config.ts', '--maxWorkers=1', '--no-isolate', ...exclude, 'mocks/test'];
    const run = await execGroup(node(), args, {
      cwd: root,
      env: { ...childEnv, MSW3_DIR: dir, NO_COLOR: '1', FORCE_COLOR: '0' },
      timeoutMs: 300_000,
    });
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    // Every test ran and passed: `Tests  N passed (N)`, nothing failed or skipped.
    const [, passed, total] = /Tests\s+(\d+) passed \((\d+)\)/.exec(run.stdout) ?? [];
    expect(passed, run.stdout).toBeDefined();
    expect(passed).toBe(total);
  }, 320_000);
});
