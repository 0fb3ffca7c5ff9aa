import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Which kind of test a file is: its vitest project (`slow`, `integration`, or one package's unit tests). */
export type Kind = 'slow' | 'integration' | 'unit';

export const kindOf = (projectName: string): Kind => (projectName === 'slow' || projectName === 'integration' ? projectName : 'unit');

/**
 * Bytes of test file per second of its run, by kind, for a file vitest has not timed yet (a fresh clone, a new file).
 * A rough guess that only has to order kinds: a slow file (a browser, packed tarballs, thousands of requests) runs
 * far longer per line than a unit file, so on a fresh clone the smallest slow file still starts before the largest
 * unit file. Once a file has run, vitest's own timing replaces the guess.
 */
const BYTES_PER_SECOND: Record<Kind, number> = { slow: 100, integration: 1_000, unit: 5_000 };

/** Seconds a file is expected to take: vitest's timing of its last run (ms) when it has one, else a guess from its size and kind. */
export const expectedSeconds = (kind: Kind, size: number, cachedMs: number | undefined): number =>
  cachedMs === undefined ? size / BYTES_PER_SECOND[kind] : cachedMs / 1000;

export interface Expected {
  /** Seconds the file is expected to take (expectedSeconds). */
  seconds: number;
  /** Bytes of the file: the tie-breaker, the larger first (vitest's own rule). */
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

/**
 * vitest's `sequence.sequencer`: every project's files in one queue, longest first, by vitest's own timings (kept
 * in its cache, node_modules/.vite/vitest/…/results.json, after every run), else by the guess.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return longestFirst(files, (spec) => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const size = this.ctx.cache.getFileStats(key)?.size ?? 0;
      return { seconds: expectedSeconds(kindOf(spec.project.name), size, this.ctx.cache.getFileTestResults(key)?.duration), size };
    });
  }
}
