import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readFixturesFile } from '../fixtures-file.js';

// What the fixtures may hold is checked where they are seeded: core/test/fixtures-validation.test.ts.
it('reads a file of any depth or content into a message, never a crash', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fixtures-'));
  try {
    const cases: [string, RegExp | string][] = [
      ['{"users": [', /^--fixtures .*truncated\.json: .*JSON/],
      ['[1, 2]', /^--fixtures .*: the fixtures must be a JSON object/],
      ['null', /^--fixtures .*: the fixtures must be a JSON object/],
      [`{"pipelines": [${'['.repeat(100_000)}${']'.repeat(100_000)}]}`, 'read'],
    ];
    for (const [index, [text, expected]] of cases.entries()) {
      const file = join(dir, index === 0 ? 'truncated.json' : `case${index}.json`);
      writeFileSync(file, text);
      let outcome = 'read';
      try {
        readFixturesFile(file);
      } catch (error) {
        outcome = (error as Error).message;
      }
      if (typeof expected === 'string') expect(outcome).toBe(expected);
      else expect(outcome).toMatch(expected);
    }
    expect(() => readFixturesFile(join(dir, 'missing.json'))).toThrow(/^--fixtures .*missing\.json: ENOENT/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
