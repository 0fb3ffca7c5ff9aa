import { matchesGlob, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { INTEGRATION_TESTS } from './integration-tests.js';
import { SLOW_TESTS } from './slow-tests.js';

/** The seconds slow-tests.ts and integration-tests.ts expect of a file (a path relative to the root); 0 when unlisted. */
export function listedSeconds(file: string): number {
  if (Object.hasOwn(SLOW_TESTS, file)) return SLOW_TESTS[file]!.seconds;
  const matching = Object.entries(INTEGRATION_TESTS).filter(([glob]) => matchesGlob(file, glob));
  return Math.max(0, ...matching.map(([, entry]) => entry.seconds));
}

/** vitest's timing of the file's last run (milliseconds) when it has one: it follows the machine and the code. */
export const expectedSeconds = (file: string, cachedMs: number | undefined) => (cachedMs === undefined ? listedSeconds(file) : cachedMs / 1000);

export interface Expected {
  /** Seconds the file is expected to take: vitest's own timing of its last run, else the listed estimate. */
  seconds: number;
  /** Bytes of the file: among files with no estimate, the larger ones first (vitest's own rule). */
  size: number;
}

/**
 * Longest first: two workers finish together only when the long files start early. Vitest's own order puts each
 * project after the previous one by name (the slow project last) and, on a fresh clone with no timings, the largest
 * files first, so an 85-second file could start three minutes in.
 */
export function longestFirst<T>(files: readonly T[], expected: (file: T) => Expected): T[] {
  const keyed = files.map((file) => ({ file, ...expected(file) }));
  return keyed.sort((a, b) => b.seconds - a.seconds || b.size - a.size).map(({ file }) => file);
}

/** vitest's `sequence.sequencer`: every project's files in one queue, longest first. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return longestFirst(files, (spec) => {
      const file = relative(root, spec.moduleId);
      const key = `${spec.project.name}:${file}`;
      const seconds = expectedSeconds(file, this.ctx.cache.getFileTestResults(key)?.duration);
      return { seconds, size: this.ctx.cache.getFileStats(key)?.size ?? 0 };
    });
  }
}
