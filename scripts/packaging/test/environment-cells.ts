/**
 * The test environments a React team uses, as cells of one matrix: each a folder in a throwaway app with the config
 * docs/mocks.md gives for it (read from the page: fences `js config <cell> <file>`), a component that logs in and
 * lists pipelines, and a test that seeds, renders, and shows an injected error. test-environments.test.ts installs
 * the apps and runs the cells, one run per runner.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeBlocks } from '../../../docs/test/markdown.js';
import { DOM_TEST_PACKAGES, DOM_TEST_VERSIONS } from '../dom-test-packages.js';
import { MSW_3 } from '../msw-install.js';
import { root } from '../workspaces.js';

const devVersion = (name: string) => {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies[name];
  if (!version) throw new Error(`package.json has no devDependency ${name}`);
  return version;
};

/** The versions the matrix pins (the registry's newest of each major when chosen); docs/mocks.md names the same. */
export const VERSIONS = {
  ...DOM_TEST_VERSIONS,
  vitest5: '5.1.2',
  /** The workspace's own Vitest: the shared consumer app has it (consumer-app.ts). */
  vitest4: devVersion('vitest'),
  jest: '30.5.2',
  jestFixedJsdom: '0.0.11',
  /** Browser mode drives the project's Chromium through the Playwright the workspace tests with. */
  playwright: devVersion('playwright-core'),
} as const;

/**
 * Two apps, as one node_modules holds one vitest: the shared consumer app (Vitest 4, with the DOM test packages:
 * consumer-app.ts), installed for the packaging tests anyway; and one with Vitest 5, its browser mode and Jest.
 */
export const CURRENT_APP = [
  `msw@${MSW_3}`,
  ...DOM_TEST_PACKAGES,
  `vitest@${VERSIONS.vitest5}`,
  `@vitest/browser-playwright@${VERSIONS.vitest5}`,
  `playwright@${VERSIONS.playwright}`,
  `jest@${VERSIONS.jest}`,
  `jest-environment-jsdom@${VERSIONS.jest}`,
  `jest-fixed-jsdom@${VERSIONS.jestFixedJsdom}`,
];
export const OURS = ['contract', 'core', 'mocks', 'sdk'];

type Runner = 'vitest' | 'jest';
export interface Cell {
  /** Its folder, and its name in docs/mocks.md's config fences. */
  id: string;
  /** The folder's name in the run (the doc's id, with the Vitest major for Vitest cells). */
  folder: string;
  /** `current`: Vitest 5, browser mode, Jest; `shared`: the shared consumer app's Vitest 4. */
  app: 'current' | 'shared';
  runner: Runner;
  module: 'esm' | 'cjs';
  /** `dom`: React Testing Library in a DOM; `string`: no DOM, the same component rendered to a string. */
  render: 'dom' | 'string';
  /** `msw`: setupMockServer intercepts the SDK's fetch; `in-process`: the SDK gets the mock's fetch. */
  mock: 'msw' | 'in-process';
}

const vitestCells = (app: Cell['app'], major: string, envs: string[]): Cell[] =>
  envs.map((env) => ({
    id: `vitest-${env}`,
    folder: `vitest${major}-${env}`,
    app,
    runner: 'vitest',
    module: 'esm',
    render: env === 'node' ? 'string' : 'dom',
    mock: env === 'browser' ? 'in-process' : 'msw',
  }));

const jestCells: Cell[] = (['esm', 'cjs'] as const).flatMap((module) =>
  (['jsdom', 'node'] as const).map((env) => ({
    id: `jest-${env}-${module}`,
    folder: `jest-${env}-${module}`,
    app: 'current' as const,
    runner: 'jest' as const,
    module,
    render: env === 'node' ? ('string' as const) : ('dom' as const),
    mock: 'msw' as const,
  })),
);

export const CELLS: Cell[] = [
  ...vitestCells('current', '5', ['node', 'jsdom', 'happy-dom', 'browser']),
  ...vitestCells('shared', '4', ['node', 'jsdom', 'happy-dom']),
  ...jestCells,
];

/** docs/mocks.md's config blocks, by cell id and file name. */
export function documentedConfigs(markdown = readFileSync(join(root, 'docs/mocks.md'), 'utf8')): Map<string, Map<string, string>> {
  const configs = new Map<string, Map<string, string>>();
  for (const block of codeBlocks(markdown)) {
    if (block.lang !== 'js' || block.flags[0] !== 'config') continue;
    const [, cell, file] = block.flags;
    if (!cell || !file) throw new Error(`docs/mocks.md: a config block names no cell and file: ${block.flags.join(' ')}`);
    const files = configs.get(cell) ?? new Map<string, string>();
    files.set(file, block.code);
    configs.set(cell, files);
  }
  return configs;
}

const API = 'http://127.0.0.1:6789';
const API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

/** The component: logs in, lists pipelines, or says why it cannot. No JSX: no runner needs a transform. */
const COMPONENT = `
/** Logs in and lists pipelines: what the page shows, or why it cannot. */
async function loadPipelines(client) {
  try {
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    return { status: 'ready', pipelines: await client.pipelines.list() };
  } catch (error) {
    return { status: 'error', message: error.message };
  }
}

function PipelineList({ state }) {
  if (state.status === 'loading') return h('p', null, 'Loading pipelines…');
  if (state.status === 'error') return h('p', { role: 'alert' }, 'Could not load pipelines: ' + state.message);
  return h('ul', null, state.pipelines.map((p) => h('li', { key: p.uuid }, p.name)));
}

function Pipelines({ client }) {
  const [state, setState] = useState({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadPipelines(client).then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [client]);
  return h(PipelineList, { state });
}
`;

/** One import per line, as ESM or CommonJS. */
const importLine = (module: Cell['module'], names: string, from: string) =>
  module === 'esm' ? `import ${names} from '${from}';` : `const ${names.replace(/ as /g, ': ')} = require('${from}');`;

/** The component's file, as the cell's module system writes it. */
export function componentFile(cell: Cell): string {
  const imports = importLine(cell.module, '{ createElement as h, useEffect, useState }', 'react');
  const exported =
    cell.module === 'esm' ? 'export { loadPipelines, PipelineList, Pipelines };' : 'module.exports = { loadPipelines, PipelineList, Pipelines };';
  return `${imports}\n${COMPONENT}\n${exported}\n`;
}

/** The cell's test: seeds two pipelines, renders them, then shows the error an injection makes. */
export function testFile(cell: Cell): string {
  const imp = (names: string, from: string) => importLine(cell.module, names, from);
  const lines = [
    cell.runner === 'vitest' ? imp('{ afterAll, afterEach, beforeAll, expect, it }', 'vitest') : '',
    imp('{ createElement as h }', 'react'),
    cell.render === 'dom' ? imp('{ cleanup, render, screen }', '@testing-library/react') : imp('{ renderToStaticMarkup }', 'react-dom/server'),
    imp('{ createClient }', '@pipeline-api/sdk'),
    cell.mock === 'msw' ? imp('{ setupMockServer }', '@pipeline-api/mocks/node') : imp('{ createInProcessMock }', '@pipeline-api/mocks/in-process'),
    imp('{ loadPipelines, PipelineList, Pipelines }', cell.module === 'esm' ? './pipelines.js' : './pipelines.cjs'),
    '',
    `const API = '${API}';`,
    cell.mock === 'msw'
      ? 'const mock = setupMockServer({ baseUrl: API });\nbeforeAll(() => mock.listen());\nafterAll(() => mock.close());'
      : 'const mock = createInProcessMock({ baseUrl: API });\nbeforeAll(() => undefined);\nafterAll(() => undefined);',
    `afterEach(() => {\n  ${cell.render === 'dom' ? 'cleanup();\n  ' : ''}return mock.reset();\n});`,
    `const client = () => createClient({ baseUrl: API, apiKey: '${API_KEY}'${cell.mock === 'in-process' ? ', fetch: mock.fetch' : ''} });`,
    // A loaded machine may take longer than Testing Library's 1 s for the first answer (the mock's engine loads then).
    'const WAIT = { timeout: 15_000 };',
    '',
    "it('logs in, lists the seeded pipelines, and shows an injected error', async () => {",
    "  await mock.seed({ pipelines: [{ name: 'orders daily' }, { name: 'customers hourly' }] });",
    ...(cell.render === 'dom'
      ? [
          '  render(h(Pipelines, { client: client() }));',
          "  expect((await screen.findByText('orders daily', {}, WAIT)).tagName).toBe('LI');",
          "  expect(screen.getByText('customers hourly').tagName).toBe('LI');",
          '  cleanup();',
          "  mock.inject('pipelines.list', { error: { code: 500, type: 'internal_error', message: 'Database unavailable.' } });",
          '  render(h(Pipelines, { client: client() }));',
          "  expect((await screen.findByRole('alert', {}, WAIT)).textContent).toBe('Could not load pipelines: Database unavailable.');",
        ]
      : [
          '  const listed = renderToStaticMarkup(h(PipelineList, { state: await loadPipelines(client()) }));',
          "  expect(listed).toBe('<ul><li>customers hourly</li><li>orders daily</li></ul>');",
          "  mock.inject('pipelines.list', { error: { code: 500, type: 'internal_error', message: 'Database unavailable.' } });",
          '  const failed = renderToStaticMarkup(h(PipelineList, { state: await loadPipelines(client()) }));',
          `  expect(failed).toBe('<p role="alert">Could not load pipelines: Database unavailable.</p>');`,
        ]),
    '}, 60_000);',
    '',
  ];
  return lines.filter((line, i) => line !== '' || i > 0).join('\n');
}

/** Every file of a cell's folder: the doc's config files, the component and the test, and a package.json for CommonJS. */
export function cellFiles(cell: Cell, configs: Map<string, Map<string, string>>): Map<string, string> {
  const documented = configs.get(cell.id);
  if (!documented) throw new Error(`docs/mocks.md has no config block for ${cell.id}`);
  const files = new Map(documented);
  const ext = cell.module === 'esm' ? 'js' : 'cjs';
  files.set(`pipelines.${ext}`, componentFile(cell));
  files.set(`pipelines.test.${ext}`, testFile(cell));
  files.set('package.json', JSON.stringify({ type: cell.module === 'esm' ? 'module' : 'commonjs', private: true }));
  return files;
}
