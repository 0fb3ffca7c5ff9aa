/**
 * The runtime table: every package group on every runtime a TypeScript team ships to, each cell the test that
 * runs the packed packages there, or why no test does. test/runtimes.test.ts runs the cells that name it, and
 * docs/install.md's table is this list rendered (test/runtime-table.test.ts fails when they disagree).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUN_WITHOUT_SQLITE, TESTED_BUN, TESTED_DENO } from './js-runtimes.js';
import { MSW_3 } from './msw-install.js';
import { TESTED_NODE } from './node-runtime.js';
import { root } from './workspaces.js';

export type Packages = 'sdk' | 'mocks' | 'server';
/** `works`: a test runs it and checks what it does; `fails`: a test runs it and checks that it fails as the table says; `untested`: nothing here runs it. */
export type Result = 'works' | 'fails' | 'untested';

export interface RuntimeCell {
  /** What runtimes.test.ts runs for the cell (unique). */
  id: string;
  packages: Packages;
  /** The runtime and the versions tested, as the table shows them. */
  runtime: string;
  result: Result;
  /** What the test does there, or why nothing tests it. */
  what: string;
  /** The test file, from the repository's root; none for an untested cell. */
  test?: string;
}

export const RUNTIMES_TEST = 'scripts/packaging/test/runtimes.test.ts';
const MATRIX_TEST = 'scripts/packaging/test/consumer-matrix.test.ts';
const CONSUMER_TEST = 'scripts/packaging/test/consumer.test.ts';
const SERVER_APP_TEST = 'docs/test/server-app.test.ts';
/** The project's own Node, the root's `node` devDependency. */
export const PROJECT_NODE = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: { node: string } }).devDependencies.node;
export const MSW_2 = '2.15.0';

const BUN = `Bun ${TESTED_BUN}`;
const DENO = `Deno ${TESTED_DENO}`;
const WORKER = 'worker-style (fetch-only globals)';
/** Playwright's Firefox and WebKit are its own patched builds, downloaded from its CDN, which these machines cannot reach. */
const NO_PLAYWRIGHT_FIREFOX =
  "Playwright drives Firefox through its own patched build (the Juggler protocol), from Playwright's CDN, which this project's machines cannot reach; Debian's firefox-esr 153 installs, but Playwright 1.64 cannot launch it (it has no `-juggler-pipe`)";
const NO_PLAYWRIGHT_WEBKIT =
  "Playwright drives only its own patched WebKit build, from Playwright's CDN, which this project's machines cannot reach (Debian's WebKitGTK browsers are not that build; not tried)";
const RUN = 'login, create a pipeline with two blocks and an API trigger, a run to completion, the list through a QueryClient';
const SEED_INJECT = 'seed (a pipeline, a trigger, a completed run), an injected error envelope, the list and the run after it';

export const RUNTIME_CELLS: readonly RuntimeCell[] = [
  {
    id: 'sdk-node',
    packages: 'sdk',
    runtime: `Node ${TESTED_NODE[18]}, ${TESTED_NODE[20]}, ${TESTED_NODE[22]}, ${PROJECT_NODE}, ${TESTED_NODE[26]}`,
    result: 'works',
    what: 'ESM and CommonJS: a list, login and create against the mocks; the query layer on 18',
    test: MATRIX_TEST,
  },
  {
    id: 'sdk-bun',
    packages: 'sdk',
    runtime: BUN,
    result: 'works',
    what: `${RUN}, against a server on loopback (bare specifiers, the app's node_modules)`,
    test: RUNTIMES_TEST,
  },
  {
    id: 'sdk-deno',
    packages: 'sdk',
    runtime: DENO,
    result: 'works',
    what: `${RUN} (\`npm:\` specifiers from the app's node_modules; \`--cached-only --allow-net=127.0.0.1 --allow-env=NODE_ENV\`, as TanStack Query reads NODE_ENV)`,
    test: RUNTIMES_TEST,
  },
  {
    id: 'sdk-worker',
    packages: 'sdk',
    runtime: WORKER,
    result: 'works',
    what: `${RUN}: bundled by esbuild for a neutral platform (no node: module can resolve), NODE_ENV defined at build time as wrangler and Vite do; run in a V8 context whose only globals are the Web APIs a worker has (fetch, URL, Headers, AbortController, Web Crypto, timers)`,
    test: RUNTIMES_TEST,
  },
  {
    id: 'sdk-chromium',
    packages: 'sdk',
    runtime: 'Chromium (Debian)',
    result: 'works',
    what: 'the SDK in a page bundled from the packed packages, on the mocks (the query layer runs in Chromium in the example dashboard, from the workspace)',
    test: CONSUMER_TEST,
  },
  { id: 'sdk-firefox', packages: 'sdk', runtime: 'Firefox', result: 'untested', what: NO_PLAYWRIGHT_FIREFOX },
  { id: 'sdk-webkit', packages: 'sdk', runtime: 'WebKit', result: 'untested', what: NO_PLAYWRIGHT_WEBKIT },
  {
    id: 'mocks-node',
    packages: 'mocks',
    runtime: `Node ${TESTED_NODE[20]}, ${TESTED_NODE[22]}, ${PROJECT_NODE}, ${TESTED_NODE[26]}`,
    result: 'works',
    what: "the app's own setupServer (msw 2.12, 2.15 and 3) with the kit's handlers, the in-process fetch, CommonJS",
    test: MATRIX_TEST,
  },
  {
    id: 'mocks-bun-in-process',
    packages: 'mocks',
    runtime: BUN,
    result: 'works',
    what: `\`createInProcessMock\`: ${SEED_INJECT}`,
    test: RUNTIMES_TEST,
  },
  {
    id: 'mocks-bun-msw-2',
    packages: 'mocks',
    runtime: BUN,
    result: 'works',
    what: `\`setupMockServer\` with msw ${MSW_2}: ${SEED_INJECT}`,
    test: RUNTIMES_TEST,
  },
  {
    id: 'mocks-bun-msw-3',
    packages: 'mocks',
    runtime: BUN,
    result: 'fails',
    what: `\`setupMockServer\` with msw ${MSW_3}: msw 3's interception does not reach Bun's fetch (Bun prints \`Failed to replace a global value at "_wrapHandle"\`), so the request goes to the network (connection refused); use msw 2 or the in-process mock`,
    test: RUNTIMES_TEST,
  },
  {
    id: 'mocks-deno-in-process',
    packages: 'mocks',
    runtime: DENO,
    result: 'works',
    what: `\`createInProcessMock\`: ${SEED_INJECT}, with no permission granted`,
    test: RUNTIMES_TEST,
  },
  {
    id: 'mocks-deno-msw-2',
    packages: 'mocks',
    runtime: DENO,
    result: 'works',
    what: `\`setupMockServer\` with msw ${MSW_2}: ${SEED_INJECT}; \`--allow-env\` (msw's logger reads the environment), and a script ends with \`Deno.exit()\`, as msw's module-level BroadcastChannel keeps Deno running`,
    test: RUNTIMES_TEST,
  },
  {
    id: 'mocks-deno-msw-3',
    packages: 'mocks',
    runtime: DENO,
    result: 'fails',
    what: `\`setupMockServer\` with msw ${MSW_3} (\`--allow-net=127.0.0.1 --allow-env --allow-read\`): the request is not intercepted and reaches the network (connection refused); use msw 2 or the in-process mock`,
    test: RUNTIMES_TEST,
  },
  {
    id: 'mocks-chromium',
    packages: 'mocks',
    runtime: 'Chromium (Debian)',
    result: 'works',
    what: "msw's service worker in a page bundled from the packed packages",
    test: CONSUMER_TEST,
  },
  { id: 'mocks-firefox', packages: 'mocks', runtime: 'Firefox', result: 'untested', what: NO_PLAYWRIGHT_FIREFOX },
  { id: 'mocks-webkit', packages: 'mocks', runtime: 'WebKit', result: 'untested', what: NO_PLAYWRIGHT_WEBKIT },
  {
    id: 'server-node-project',
    packages: 'server',
    runtime: `Node ${PROJECT_NODE}`,
    result: 'works',
    what: "docs/server.md's install lines and `npx pipeline-api-server` with fixtures and a data directory",
    test: SERVER_APP_TEST,
  },
  ...(
    [
      ['server-node-22', `Node ${TESTED_NODE[22]}`],
      ['server-node-26', `Node ${TESTED_NODE[26]}`],
      ['server-bun', BUN],
      ['server-deno', DENO],
    ] as const
  ).map(([id, runtime]): RuntimeCell => ({
    id,
    packages: 'server',
    runtime,
    result: 'works',
    what: `\`pipeline-api-server --data\` (node:sqlite) started on it; the SDK logs in, runs a pipeline to completion and lists; the data file is written${id === 'server-deno' ? ' (`deno run --allow-net --allow-read --allow-write --allow-env --allow-sys`)' : ''}`,
    test: RUNTIMES_TEST,
  })),
  {
    id: 'server-bun-without-sqlite',
    packages: 'server',
    runtime: `Bun ${BUN_WITHOUT_SQLITE}`,
    result: 'fails',
    what: 'no node:sqlite: the command prints one line naming the runtime and what it lacks, and exits 1',
    test: RUNTIMES_TEST,
  },
];

const PACKAGES_NAME: Record<Packages, string> = {
  sdk: 'SDK and query layer',
  mocks: 'mocks',
  server: 'server (`pipeline-api-server`)',
};
const RESULT_NAME: Record<Result, string> = { works: 'works', fails: 'does not work', untested: 'untested' };

/** docs/install.md's runtime table, rendered from the cells. */
export function runtimeTable(cells: readonly RuntimeCell[] = RUNTIME_CELLS): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| packages | runtime | result | what runs there (or why nothing does) | test |',
    '|---|---|---|---|---|',
    ...cells.map((c) =>
      [PACKAGES_NAME[c.packages], c.runtime, RESULT_NAME[c.result], c.what, c.test ? `[${c.test.split('/').pop()}](../${c.test})` : '—']
        .map(cell)
        .join(' | ')
        .replace(/^/, '| ')
        .concat(' |'),
    ),
  ].join('\n');
}
