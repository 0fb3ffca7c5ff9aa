import { globSync, statSync } from 'node:fs';
import { join, matchesGlob, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { root } from '../packaging/workspaces.js';
import { INTEGRATION_TESTS } from './integration-tests.js';
import { LongestFirstSequencer, expectedSeconds, longestFirst } from './longest-first.js';
import { SLOW_TESTS } from './slow-tests.js';

const sizeOf = (file: string) => statSync(join(root, file)).size;

/** Every unit test file of the repository: in no slow or integration list. */
const unitFiles = () =>
  globSync('{contract,core,server,sdk,query,mocks,scripts}/**/test/**/*.test.ts', { cwd: root, exclude: (path) => path.includes('node_modules') }).filter(
    (file) => !Object.hasOwn(SLOW_TESTS, file) && !Object.keys(INTEGRATION_TESTS).some((glob) => matchesGlob(file, glob)),
  );

describe('the longest-first test order', () => {
  it('starts the file expected to take longest first; among files with no estimate, the larger first', () => {
    const files = [
      { name: 'unit-small', seconds: 0, size: 100 },
      { name: 'slow-long', seconds: 85, size: 10 },
      { name: 'unit-large', seconds: 0, size: 9000 },
      { name: 'integration', seconds: 11, size: 10 },
      { name: 'slow-medium', seconds: 40, size: 10 },
    ];
    expect(longestFirst(files, (file) => file).map((file) => file.name)).toEqual(['slow-long', 'slow-medium', 'integration', 'unit-large', 'unit-small']);
  });

  it('guesses an untimed file from its size and kind: the smallest slow file of the repository before its largest unit file', () => {
    const slowest = Math.min(...Object.keys(SLOW_TESTS).map((file) => expectedSeconds('slow', sizeOf(file), undefined)));
    const units = unitFiles();
    expect(units.length).toBeGreaterThan(20);
    const longestUnit = Math.max(...units.map((file) => expectedSeconds('unit', sizeOf(file), undefined)));
    expect(slowest).toBeGreaterThan(longestUnit);
    expect(expectedSeconds('integration', 10_000, undefined)).toBeGreaterThan(expectedSeconds('unit', 10_000, undefined));
  });

  it("prefers vitest's own timing of the last run to the guess", () => {
    expect(expectedSeconds('slow', sizeOf('bench/test/smoke.test.ts'), 2_000)).toBe(2);
    expect(expectedSeconds('unit', 100, 90_000)).toBe(90);
  });

  it("orders by vitest's cached timings, and a fresh clone so that every slow file starts before any unit file", async () => {
    const files: [project: string, file: string][] = [
      ['core', 'core/test/storage-bytes.test.ts'],
      ['server', 'server/test/errors.test.ts'],
      ['slow', 'scripts/packaging/test/consumer.test.ts'],
      ['slow', 'bench/test/smoke.test.ts'],
    ];
    const order = async (timings: Record<string, number>) => {
      // What the sequencer reads of vitest: its root, and its cache of file sizes and last durations (by `project:file`).
      const ctx = {
        config: { root },
        cache: {
          getFileStats: (key: string) => ({ size: sizeOf(key.slice(key.indexOf(':') + 1)) }),
          getFileTestResults: (key: string) => (Object.hasOwn(timings, key) ? { duration: timings[key]!, failed: false } : undefined),
        },
      };
      const specs = files.map(([name, file]) => ({ project: { name }, moduleId: join(root, file) }));
      const sorted = await new LongestFirstSequencer(ctx as unknown as Vitest).sort(specs as unknown as TestSpecification[]);
      return (sorted as unknown as typeof specs).map((spec) => relative(root, spec.moduleId));
    };
    expect((await order({})).slice(2).sort()).toEqual(['core/test/storage-bytes.test.ts', 'server/test/errors.test.ts']);
    expect(await order({ 'server:server/test/errors.test.ts': 500_000, 'slow:bench/test/smoke.test.ts': 100 })).toEqual([
      'server/test/errors.test.ts',
      'scripts/packaging/test/consumer.test.ts',
      'core/test/storage-bytes.test.ts',
      'bench/test/smoke.test.ts',
    ]);
  });
});
