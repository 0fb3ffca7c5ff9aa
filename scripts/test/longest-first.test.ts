import { describe, expect, it } from 'vitest';
import { expectedSeconds, listedSeconds, longestFirst } from './longest-first.js';

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

  it('estimates a fresh clone from the lists: a slow file by its name, an integration file by its glob, any other file as short', () => {
    expect(listedSeconds('bench/test/smoke.test.ts')).toBeGreaterThan(listedSeconds('server/test/crash-recovery.test.ts'));
    expect(listedSeconds('server/test/crash-recovery.test.ts')).toBeGreaterThan(listedSeconds('conformance/test/conformance.test.ts'));
    expect(listedSeconds('conformance/test/any-new.test.ts')).toBeGreaterThan(0);
    // The web dashboard's browser test is slow; the integration glob over every example is not what it is estimated by.
    expect(listedSeconds('examples/web-dashboard/test/dashboard.test.ts')).toBeGreaterThan(listedSeconds('examples/pipeline-dashboard/test/dashboard.test.ts'));
    expect(listedSeconds('core/test/storage-bytes.test.ts')).toBe(0);
  });

  it("prefers vitest's own timing of the last run to the list's estimate", () => {
    expect(expectedSeconds('bench/test/smoke.test.ts', 2_000)).toBe(2);
    expect(expectedSeconds('core/test/storage-bytes.test.ts', 90_000)).toBe(90);
    expect(expectedSeconds('bench/test/smoke.test.ts', undefined)).toBe(listedSeconds('bench/test/smoke.test.ts'));
  });

  it('orders a fresh clone so that every slow file starts before any unlisted unit file', () => {
    const files = ['core/test/storage-bytes.test.ts', 'server/test/runs.test.ts', 'scripts/packaging/test/consumer.test.ts', 'bench/test/smoke.test.ts'];
    const ordered = longestFirst(files, (file) => ({ seconds: expectedSeconds(file, undefined), size: 0 }));
    expect(ordered.slice(0, 2)).toEqual(['bench/test/smoke.test.ts', 'scripts/packaging/test/consumer.test.ts']);
  });
});
