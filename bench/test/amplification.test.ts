import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from '../support.js';
import { TSX_NODE_ARGS } from '../../scripts/packaging/source-condition.js';

describe('npm run bench:amplification -- --smoke', () => {
  it('runs the shared-block load on this tree, meets its targets and prints its figures', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [...TSX_NODE_ARGS, 'bench/amplification.ts', '--smoke'], { cwd: root, timeout: 120_000 });
    expect(stdout).toMatch(/\| RSS peak under the load \| \d+ MB \|/);
    expect(stdout).toMatch(/\| \/api\/status p99 \| [\d.]+ ms \|/);
    expect(stdout).toMatch(/\| 3 x 1 answers \| 3 ok \|/);
    expect(stdout).toContain('this tree: peak RSS under 512 MB, /api/status p99 under 100 ms, every answer ok');
  }, 150_000);
});
