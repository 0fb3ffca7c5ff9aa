import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { SOURCE_CONDITION } from './scripts/packaging/source-condition.js';
import { INTEGRATION_TESTS } from './scripts/test/integration-tests.js';
import { LongestFirstSequencer } from './scripts/test/longest-first.js';
import { SLOW_GLOBS } from './scripts/test/slow-tests.js';

/** The slow project: the files listed, and any benchmark's test (benchmarks run their smoke mode there). */
const SLOW = SLOW_GLOBS;
/** Integration: several packages together, or a real process (the server command, process groups), each with why. */
const INTEGRATION = Object.keys(INTEGRATION_TESTS);

/**
 * Three kinds of test, one vitest project each so any can run alone (`npx vitest run --project <name>`):
 * - unit, every package's own test/ folder, in one project so a worker imports the contract, the core and zod once
 *   for all of them (one project per package imported them once per package: 183 s of CPU, user + sys, against
 *   105 to 112 s, one run each, machine shared); one package alone is its folder (`npx vitest run core/test`): the
 *   inner loop (`npm run test:unit`);
 * - integration: several packages together, or real processes (each listed with why in scripts/test/integration-tests.ts);
 * - slow: what needs a browser, packed tarballs, Schemathesis, thousands of requests or every docs page; each file
 *   is listed with why and what it needs in scripts/test/slow-tests.ts, and stays beside the package it tests.
 * `npm test` runs all of them and prints each project's time (scripts/test-reporters/project-times.ts): slow and
 * integration in one queue, longest file first (scripts/test/longest-first.ts), so the workers finish together, then
 * the unit files.
 * The real-Mage comparison needs a Mage server: `npm run test:real-mage`, with its own config.
 */

/** Unit: each package's own tests (a package's nested test/ folders, server/storage/test, count as its own). */
const UNIT = [
  'contract/test/**/*.test.ts',
  'core/test/**/*.test.ts',
  'server/**/test/**/*.test.ts',
  'sdk/test/**/*.test.ts',
  'query/test/**/*.test.ts',
  'mocks/test/**/*.test.ts',
  'scripts/**/test/**/*.test.ts',
];

const CORES = Math.max(availableParallelism(), 2);
/**
 * Slow and integration files: one more than cores, as they wait on browsers, Python and child processes for part of
 * their time (with one per core, vitest's files kept 2 cores 70% busy).
 */
const SLOW_WORKERS = CORES + 1;

const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/dist/**'];

const project = (name: string, include: string[], exclude: string[] = []): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include,
    exclude: [...ALWAYS_EXCLUDED, ...exclude],
    // A slow file missing what `npm ci` does not make (a build, Chromium, Schemathesis) fails at once, naming the command.
    setupFiles: name === 'slow' ? ['scripts/test/slow-setup.ts'] : [],
    // Unit files start faster in worker threads (npm run test:unit: 54.6 s in forks, 50.4 s in threads, one quiet
    // run each); integration and slow files run in child processes (signals, process groups, real commands), one
    // per worker.
    pool: name === 'slow' || name === 'integration' ? 'forks' : 'threads',
    // A worker's files share what it imported (the contract, the core, zod; Playwright, esbuild, Vite) instead of
    // evaluating it again per file: half of a unit file's time, and 36 s of CPU over the slow files (186 + 34 s
    // isolated, 154 + 30 s shared, one run each). A test leaves nothing global behind: it restores its spies and
    // stubs and closes what it opens; the files that need fresh modules (the lazy-loading tests) reset them.
    isolate: false,
    // Unit files wait on timers, retries and sockets about as much as they compute, so two threads more than cores
    // keep both cores busy (npm run test:unit on 2 cores: 52.5 s with 2 workers, 43.9 s with 3, 42.2 s with 4, one
    // run each); they run after the other projects, in a group of their own.
    maxWorkers: name === 'unit' ? CORES + 2 : SLOW_WORKERS,
    sequence: { groupOrder: name === 'unit' ? 1 : 0 },
  },
});

// .ci/run sets VITEST_JSON to a path: the JSON report there gives its closing `N passed, M failed` line.
const jsonReport = process.env.VITEST_JSON;

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources (vite's default conditions follow).
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, 'module', 'node', 'development|production'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Fails the run when a process a test started outlives it (every project inherits it).
    globalSetup: ['scripts/test-processes.ts'],
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ['default', './scripts/test-reporters/project-times.ts', ...(jsonReport ? ['json'] : [])],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
    projects: [project('unit', UNIT, [...SLOW, ...INTEGRATION]), project('integration', INTEGRATION, SLOW), project('slow', SLOW)],
  },
});
