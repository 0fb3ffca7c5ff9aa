import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execGroup } from '../../scripts/process-group.js';
import { root } from '../../scripts/packaging/workspaces.js';

/**
 * Every `bench:*` script of package.json, run in its smoke mode (`-- --smoke`: tiny sizes, seconds), so a change
 * that breaks a benchmark fails the suite. A script added later is found here without a change to this file.
 */
const scripts = Object.entries((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts).filter(([name]) =>
  name.startsWith('bench:'),
);
const SMOKE_SECONDS = 150;

/** The benchmark files a script runs (`tsx … bench/x.ts`). */
const benchFiles = (command: string) => [...command.matchAll(/\bbench\/[\w-]+\.ts\b/g)].map(([path]) => path);

describe.each(scripts)('npm run %s -- --smoke', (name, command) => {
  it(
    'supports --smoke: its benchmark reads the flag (bench/smoke.ts) and exits 0 within seconds',
    async () => {
      const files = benchFiles(command);
      expect(files, `${name} runs no bench/*.ts file: ${command}`).not.toEqual([]);
      for (const file of files) {
        expect(existsSync(join(root, file)), `${name}: ${file} is missing`).toBe(true);
        const source = readFileSync(join(root, file), 'utf8');
        expect(
          source.includes('--smoke') || /from '\.\/smoke\.js'|import '\.\/smoke\.js'/.test(source),
          `${name}: ${file} has no smoke mode. Give it one: tiny sizes from bench/smoke.ts (sized(full, smoke)), so it finishes in seconds and exits non-zero on a failure`,
        ).toBe(true);
      }
      const started = performance.now();
      const run = await execGroup('npm', ['run', '--silent', name, '--', '--smoke'], { cwd: root, timeoutMs: SMOKE_SECONDS * 1000 });
      const seconds = (performance.now() - started) / 1000;
      const output = `${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`;
      expect(seconds, `${name} -- --smoke ran past ${SMOKE_SECONDS} s and was stopped:\n${output}`).toBeLessThan(SMOKE_SECONDS);
      expect(run.code, `${name} -- --smoke failed:\n${output}`).toBe(0);
    },
    (SMOKE_SECONDS + 30) * 1000,
  );
});
