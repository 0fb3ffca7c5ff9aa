import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishDryRun, type DryRun } from '../publish-dry-run.js';
import { missingFiles, unexpectedFiles } from '../published-files.js';
import { sharedTarballs } from '../shared-tarballs.js';
import { SOURCE_CONDITION } from '../source-condition.js';
import { PACKAGES } from '../workspaces.js';

// One npm per package, all at once: each is about a second of CPU and a few of waiting.
const runs = sharedTarballs().then((tarballs) => Promise.all(tarballs.map((tarball) => publishDryRun(tarball).then((run) => ({ tarball, run })))));
// Each test awaits the runs and fails with their error; this only keeps a failed pack from being reported as unhandled first.
runs.catch(() => undefined);
const runOf = async (name: string): Promise<{ run: DryRun; packed: string[] }> => {
  const found = (await runs).find(({ tarball }) => tarball.name === name);
  if (!found) throw new Error(`no dry run of ${name}`);
  return { run: found.run, packed: found.tarball.files };
};

describe('npm publish --dry-run --provenance, for every packed tarball', () => {
  for (const { name, dir } of PACKAGES) {
    it(`${name}: publishes cleanly, publicly, exactly the tarball's files, all of them allowed and every entry point there`, async () => {
      const { run, packed } = await runOf(name);
      expect(run.warnings).toEqual([]);
      expect(run.code).toBe(0);
      expect(run.access).toBe('public');
      expect(run.files).toEqual([...packed].sort());
      expect(unexpectedFiles(name, run.files)).toEqual([]);
      expect(missingFiles(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>, run.files, SOURCE_CONDITION)).toEqual([]);
    });
  }
});
