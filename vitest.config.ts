import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { SOURCE_CONDITION } from './scripts/packaging/source-condition.js';

/**
 * Three kinds of test, one vitest project each so any can run alone (`npx vitest run --project <name>`):
 * - unit, one project per package, its own test/ folder: the inner loop (`npm run test:unit`);
 * - integration: several packages together, or real processes (listed below with why);
 * - slow: what needs a browser, packed tarballs, Schemathesis, thousands of requests or every docs page; each file
 *   is listed below with why, and stays beside the package it tests.
 * `npm test` runs all of them and prints each project's time (scripts/test-reporters/project-times.ts).
 * The real-Mage comparison needs a Mage server: `npm run test:real-mage`, with its own config.
 */
const SLOW: Record<string, string> = {
  'server/test/fuzz.test.ts': 'fuzz: thousands of random requests against the server and the mocks',
  'sdk/test/package.test.ts': 'packaging: packs, installs and type-checks the tarball',
  'query/test/package.test.ts': 'packaging: packs, installs and type-checks the tarball',
  'scripts/packaging/test/consumer.test.ts': 'packaging: every tarball in a fresh consumer project, Node and a browser',
  'scripts/packaging/test/dependencies.test.ts': 'packaging: reads what each package publishes (its built dist)',
  'sdk/test/browser-session.test.ts': 'browser: Chromium',
  'server/test/browser-origins.test.ts': 'browser: Chromium',
  'server/test/docs-page.test.ts': 'browser: Chromium',
  'server/test/try-it.test.ts': 'browser: Chromium',
  'examples/web-dashboard/test/dashboard.test.ts': 'browser: Chromium',
  'docs/test/examples.test.ts': 'docs: runs every snippet of every page',
  'scripts/schemathesis/test/schemathesis.test.ts': 'schemathesis: the OpenAPI-driven fuzzer',
  'bench/test/smoke.test.ts': 'benchmarks: every bench:* script in its --smoke mode',
};

/** Integration: several packages together, or a real process (the server command, process groups), each with why. */
const INTEGRATION: Record<string, string> = {
  'conformance/test/**/*.test.ts': 'the same scenarios against the server, the Node mocks and the browser mocks',
  'examples/*/test/**/*.test.ts': 'the example apps on the SDK, the query package and the mocks',
  'server/test/route-matching.test.ts': 'Express (the server) and MSW (the mocks) route every tricky path alike',
  'server/test/cli.test.ts': 'the built command in its own process',
  'server/test/main.test.ts': 'the npm start entry point in its own process',
  'server/test/crash-recovery.test.ts': 'the command killed mid-write, restarted on its data',
  'scripts/real-mage/test/process-group.test.ts': 'process groups: a stopped command takes its children with it',
};

/** Unit: each package's own tests (a package's nested test/ folders, server/storage/test, count as its own). */
const UNIT: Record<string, string[]> = {
  contract: ['contract/test/**/*.test.ts'],
  core: ['core/test/**/*.test.ts'],
  server: ['server/**/test/**/*.test.ts'],
  sdk: ['sdk/test/**/*.test.ts'],
  query: ['query/test/**/*.test.ts'],
  mocks: ['mocks/test/**/*.test.ts'],
  scripts: ['scripts/**/test/**/*.test.ts'],
};
export const UNIT_PROJECTS = Object.keys(UNIT);

const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/dist/**'];
/** Checks, before a project runs, what its tests need beyond `npm ci` (it names the command to run). */
const PREREQUISITES: Record<string, string> = { slow: 'scripts/test/needs-slow-tools.ts' };

const project = (name: string, include: string[], exclude: string[] = []): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include,
    exclude: [...ALWAYS_EXCLUDED, ...exclude],
    // A project's globalSetup replaces the root's: the process check stays in every project.
    globalSetup: ['scripts/test-processes.ts', ...(PREREQUISITES[name] ? [PREREQUISITES[name]] : [])],
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
    reporters: ['default', './scripts/test-reporters/project-times.ts', ...(jsonReport ? ['json'] : [])],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
    projects: [
      ...Object.entries(UNIT).map(([name, include]) => project(name, include, [...Object.keys(SLOW), ...Object.keys(INTEGRATION)])),
      project('integration', Object.keys(INTEGRATION), Object.keys(SLOW)),
      project('slow', Object.keys(SLOW)),
    ],
  },
});
