import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { execGroup } from '../process-group.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const generators = [
  { name: 'sdk', script: 'sdk/scripts/generate.ts', committed: 'sdk/src/generated' },
  { name: 'query', script: 'query/scripts/generate.ts', committed: 'query/src/generated' },
];

const check = (script: string, ...args: string[]) =>
  execGroup(join(root, 'node_modules/.bin/tsx'), ['--conditions=@pipeline-api/source', script, '--check', ...args], { cwd: root });

describe('generated SDK and query sources are committed and current (npm run generate)', () => {
  for (const generator of generators) {
    it(`${generator.committed} matches what ${generator.script} generates from the contract`, async () => {
      const result = await check(generator.script);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    });

    it(`${generator.name}: the check fails, naming the file, when a committed file differs`, async () => {
      const copy = mkdtempSync(join(tmpdir(), `stale-${generator.name}-`));
      try {
        cpSync(join(root, generator.committed), copy, { recursive: true });
        const types = join(copy, 'types.ts');
        writeFileSync(types, readFileSync(types, 'utf8').replace(/\n$/, '\n// hand edit\n'));
        const result = await check(generator.script, `--out=${copy}`);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('types.ts');
        expect(result.stderr).toContain('npm run generate');
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    });
  }
});
