import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAGE_VERSION, MAGE_VERSIONS } from '@pipeline-api/contract';
import { execGroup } from '../../process-group.js';

/** run.sh's arguments, read with `--plan` (which prints what a run would use and stops before installing anything). */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const script = join(root, 'scripts/real-mage/run.sh');
const plan = (args: string[], env: Record<string, string> = {}) => {
  const { MAGE_VERSION: _, ...inherited } = process.env;
  return execGroup('bash', [script, ...args], { cwd: root, env: { ...inherited, ...env }, timeoutMs: 30_000 });
};

describe('npm run test:real-mage takes a Mage version', () => {
  it("defaults to the contract's own, with its pinned constraints and docs/compatibility.md", async () => {
    expect(readFileSync(script, 'utf8')).toContain(`\nDEFAULT_MAGE_VERSION=${DEFAULT_MAGE_VERSION}\n`);
    expect(MAGE_VERSIONS).toContain(DEFAULT_MAGE_VERSION);
    const result = await plan(['--plan']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      `real-mage: mage-ai==${DEFAULT_MAGE_VERSION} in .venv/real-mage, constraints: -c scripts/real-mage/constraints.txt, report: docs/compatibility.md, 1 run(s)\n`,
    );
  });

  it('takes another release from --mage-version or MAGE_VERSION, in a virtualenv and a report of its own', async () => {
    const expected = 'real-mage: mage-ai==0.9.81 in .venv/real-mage-0.9.81, constraints: none, report: docs/compatibility-0.9.81.md, 2 run(s)\n';
    expect((await plan(['--mage-version', '0.9.81', '--repeat', '2', '--plan'])).stdout).toBe(expected);
    expect((await plan(['--mage-version=0.9.81', '--repeat=2', '--plan'])).stdout).toBe(expected);
    expect((await plan(['--repeat', '2', '--plan'], { MAGE_VERSION: '0.9.81' })).stdout).toBe(expected);
  });

  it('refuses anything but a release number, and unknown arguments, before it installs anything', async () => {
    for (const args of [['--mage-version', '0.9'], ['--mage-version', '0.9.80; touch /tmp/x'], ['--mage-version'], ['--mage']]) {
      const result = await plan([...args, '--plan']);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/release number|unknown argument/);
    }
  });
});
