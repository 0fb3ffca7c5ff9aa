/** What a slow test needs beyond `npm ci` (scripts/test/prerequisites.ts checks each before the file runs). */
export type Need = 'build' | 'chromium' | 'schemathesis';

/**
 * The slow project's files, each marked with why it is slow, what it needs, and about how many seconds it takes on
 * a quiet 2-core machine (the test sequencer starts the longest first when vitest has no timings of its own yet).
 * They stay beside the package they test; `npm test` runs them, `npm run test:unit` does not.
 */
export const SLOW_TESTS: Record<string, { why: string; needs: Need[]; seconds: number }> = {
  'server/test/fuzz.test.ts': { why: 'fuzz: thousands of random requests against the server and the mocks', needs: [], seconds: 40 },
  'sdk/test/package.test.ts': {
    why: 'packaging: lints the tarball; type-checks and runs its consumer files in the shared consumer app',
    needs: ['build'],
    seconds: 6,
  },
  'query/test/package.test.ts': {
    why: 'packaging: lints the tarball; type-checks and runs its consumer files in the shared consumer app',
    needs: ['build'],
    seconds: 15,
  },
  'scripts/packaging/test/consumer.test.ts': {
    why: 'packaging: every tarball in the shared consumer app (installed and type-checked once), Node and a browser',
    needs: ['build', 'chromium'],
    seconds: 30,
  },
  'scripts/packaging/test/consumer-matrix.test.ts': {
    why: 'packaging: the tarballs in an app of their own on each Node and msw major supported',
    needs: ['build'],
    seconds: 30,
  },
  'scripts/packaging/test/mocks-on-msw3.test.ts': { why: "packaging: the mocks' own tests on msw 3, on Node 24 and 26", needs: [], seconds: 13 },
  'scripts/packaging/test/shared-tarballs.test.ts': { why: 'packaging: packs every package, twice at once', needs: ['build'], seconds: 3 },
  'scripts/packaging/test/dependencies.test.ts': { why: 'packaging: reads what each package publishes (its built dist)', needs: ['build'], seconds: 1 },
  'sdk/test/browser-session.test.ts': { why: 'browser: Chromium', needs: ['chromium'], seconds: 3 },
  'server/test/browser-origins.test.ts': { why: 'browser: Chromium', needs: ['chromium'], seconds: 3 },
  'server/test/docs-page.test.ts': { why: 'browser: Chromium', needs: ['chromium'], seconds: 4 },
  'server/test/try-it.test.ts': { why: 'browser: Chromium', needs: ['chromium'], seconds: 5 },
  'server/test/mage-ui-browser.test.ts': {
    why: "browser: Chromium crawls Mage's own web UI (the pinned wheel's frontend, fetched from PyPI once per user)",
    needs: ['chromium'],
    seconds: 70,
  },
  'examples/web-dashboard/test/dashboard.test.ts': { why: 'browser: Chromium', needs: ['chromium'], seconds: 16 },
  'docs/test/contributing.test.ts': { why: 'docs: type-checks the contributing walkthrough on a copy of the contract and the core', needs: [], seconds: 6 },
  'docs/test/examples.test.ts': { why: 'docs: runs every snippet of every page, in Node, a shell and a browser', needs: ['build', 'chromium'], seconds: 48 },
  'scripts/schemathesis/test/schemathesis.test.ts': { why: 'schemathesis: the OpenAPI-driven fuzzer', needs: ['schemathesis'], seconds: 46 },
  'bench/test/smoke.test.ts': { why: 'benchmarks: every bench:* script in its --smoke mode', needs: ['build'], seconds: 70 },
};

/** Any benchmark's own test is slow too (benchmarks run their smoke mode there). */
export const SLOW_GLOBS = [...Object.keys(SLOW_TESTS), 'bench/test/**/*.test.ts'];
