/** What a slow test needs beyond `npm ci` (scripts/test/prerequisites.ts checks each before the file runs). */
export type Need = 'build' | 'chromium' | 'schemathesis';

/**
 * The slow project's files, each marked with why it is slow and what it needs (how long each takes is vitest's own
 * timing, which the test sequencer reads: scripts/test/longest-first.ts). They stay beside the package they test;
 * `npm test` runs them, `npm run test:unit` does not.
 */
export const SLOW_TESTS: Record<string, { why: string; needs: Need[] }> = {
  'server/test/fuzz.test.ts': { why: 'fuzz: thousands of random requests against the server and the mocks', needs: [] },
  'server/test/openapi-lint.test.ts': { why: 'lint: Redocly and Spectral over docs/openapi.json (about 7 s of CPU)', needs: [] },
  'sdk/test/package.test.ts': {
    why: 'packaging: lints the tarball; type-checks and runs its consumer files in the shared consumer app',
    needs: ['build'],
  },
  'query/test/package.test.ts': {
    why: 'packaging: lints the tarball; type-checks and runs its consumer files in the shared consumer app',
    needs: ['build'],
  },
  'scripts/packaging/test/consumer.test.ts': {
    why: 'packaging: every tarball in the shared consumer app (installed and type-checked once), Node and a browser',
    needs: ['build', 'chromium'],
  },
  'scripts/packaging/test/consumer-matrix.test.ts': {
    why: 'packaging: the tarballs in an app of their own on each Node and msw major supported',
    needs: ['build'],
  },
  'scripts/packaging/test/test-environments.test.ts': {
    why: 'packaging: two throwaway apps (Vitest 5 with browser mode and Jest; Vitest 4) run a component test in 11 environments',
    needs: ['build', 'chromium'],
  },
  'scripts/packaging/test/runtimes.test.ts': {
    why: 'packaging: the runtime table, the packed packages on Bun, Deno (binaries from the npm registry, installed once) and in worker-style globals, the packed server on Bun, Deno, Node 22 and 26',
    needs: ['build'],
  },
  'scripts/packaging/test/mocks-on-msw3.test.ts': { why: "packaging: the mocks' own tests on msw 3, on Node 24 and 26", needs: [] },
  'scripts/packaging/test/publish-dry-run.test.ts': {
    why: 'packaging: npm publish --dry-run --provenance of every packed tarball (six npm processes, a few seconds each)',
    needs: ['build'],
  },
  'scripts/packaging/test/shared-tarballs.test.ts': { why: 'packaging: packs every package, twice at once', needs: ['build'] },
  'scripts/packaging/test/native-declarations.test.ts': {
    why: "packaging: a full declaration build of the core's entries with TypeScript 7 (about 5 s of CPU)",
    needs: [],
  },
  'scripts/packaging/test/dependencies.test.ts': { why: 'packaging: reads what each package publishes (its built dist)', needs: ['build'] },
  'sdk/test/browser-session.test.ts': { why: 'browser: Chromium', needs: ['chromium'] },
  'sdk/test/browser-connection.test.ts': { why: 'browser: Chromium (what a page reads when the API is not there)', needs: ['chromium'] },
  'mocks/test/browser-worker.test.ts': { why: 'browser: Chromium (the worker script check)', needs: ['chromium'] },
  'mocks/test/vite-plugin.test.ts': { why: 'two Vite production builds of a page with the browser mocks', needs: [] },
  'server/test/browser-origins.test.ts': { why: 'browser: Chromium', needs: ['chromium'] },
  'server/test/docs-page.test.ts': { why: 'browser: Chromium', needs: ['chromium'] },
  'server/test/try-it.test.ts': { why: 'browser: Chromium', needs: ['chromium'] },
  'server/test/mage-ui-browser.test.ts': {
    why: "browser: Chromium crawls Mage's own web UI (the pinned wheel's frontend, fetched from PyPI once per user) on the server and on the static demo (python3 -m http.server)",
    needs: ['chromium'],
  },
  'server/test/mage-ui-editor-browser.test.ts': {
    why: "browser: Chromium clicks through Mage's pipeline editor (the pinned wheel's frontend, fetched from PyPI once per user) on the server and on the static demo (python3 -m http.server)",
    needs: ['chromium'],
  },
  'examples/web-dashboard/test/dashboard.test.ts': { why: 'browser: Chromium', needs: ['chromium'] },
  'docs/test/contributing.test.ts': {
    why: 'docs: performs the contributing walkthrough on a copy of the repository: npm run generate, the whole type-check, requests (about 25 s of CPU)',
    needs: [],
  },
  'docs/test/build-an-app.test.ts': {
    why: 'docs: makes the app of docs/build-an-app.md from the packed tarballs (installed once), builds it with Vite, opens it in Chromium',
    needs: ['build', 'chromium'],
  },
  'docs/test/mcp-clients.test.ts': {
    why: 'docs: starts each MCP client config of docs/mcp.md with the official client (the built command, four processes)',
    needs: ['build'],
  },
  'docs/test/server-app.test.ts': {
    why: "docs: runs server.md's install lines in a throwaway app from the packed tarballs (installed once), starts the command",
    needs: ['build'],
  },
  'docs/test/install.test.ts': { why: 'docs: the install commands of every page (a docs test: the docs project is the slow one)', needs: [] },
  'docs/test/links.test.ts': {
    why: 'docs: every relative link of the README and the pages (a docs test: the docs project is the slow one)',
    needs: [],
  },
  'docs/test/examples.test.ts': { why: 'docs: runs every snippet of every page, in Node, a shell and a browser', needs: ['build', 'chromium'] },
  'scripts/schemathesis/test/schemathesis.test.ts': { why: 'schemathesis: the OpenAPI-driven fuzzer', needs: ['schemathesis'] },
  'bench/test/smoke.test.ts': { why: 'benchmarks: every bench:* script in its --smoke mode', needs: ['build'] },
};

/** Any benchmark's own test is slow too (benchmarks run their smoke mode there). */
export const SLOW_GLOBS = [...Object.keys(SLOW_TESTS), 'bench/test/**/*.test.ts'];
