/**
 * The packed mocks and SDK in every test environment a React team uses (environment-cells.ts): Vitest 5 and 4 with
 * node, jsdom and happy-dom, Vitest's browser mode in Chromium, Jest 30 with jsdom and node from an ESM and a
 * CommonJS app. Each cell is a folder with docs/mocks.md's config for it; one run per runner covers its cells
 * (Vitest's and Jest's projects), the runs side by side.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../../conformance/chromium-path.js';
import { execGroup } from '../../process-group.js';
import { sharedApp, sharedConsumerApp, type ConsumerApp } from '../consumer-app.js';
import { consumerEnv } from '../consumer-env.js';
import { sharedTarballs } from '../shared-tarballs.js';
import { CELLS, CURRENT_APP, OURS, VERSIONS, cellFiles, documentedConfigs, type Cell } from './environment-cells.js';

interface Run {
  runner: string;
  code: number;
  output: string;
  /** Each test file's path and whether every test in it passed (and how many ran). */
  files: { path: string; passed: boolean; tests: number }[];
  seconds: number;
}

const runs = new Map<string, Promise<Run>>();
const folders: string[] = [];
const timings: string[] = [];

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** Writes the cells of one run into a fresh folder of the app: `<dir>/<cell folder>/...`. */
function writeCells(app: ConsumerApp, cells: Cell[], name: string): string {
  const dir = app.workspace(name);
  folders.push(dir);
  const configs = documentedConfigs();
  for (const cell of cells) {
    mkdirSync(join(dir, cell.folder), { recursive: true });
    for (const [file, text] of cellFiles(cell, configs)) writeFileSync(join(dir, cell.folder, file), text);
  }
  return dir;
}

const env = () => ({ ...consumerEnv(), CHROMIUM_PATH: CHROMIUM, NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' });

async function vitestRun(app: ConsumerApp, cells: Cell[], name: string): Promise<Run> {
  const dir = writeCells(app, cells, name);
  writeFileSync(join(dir, 'vitest.config.js'), `export default { test: { projects: ${JSON.stringify(cells.map((c) => c.folder))} } };\n`);
  const report = join(dir, 'report.json');
  const started = performance.now();
  const run = await execGroup(
    join(app.dir, 'node_modules/.bin/vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--maxWorkers=2'],
    { cwd: dir, env: env(), timeoutMs: 300_000 },
  );
  const parsed = readReport(report) as { testResults?: { name: string; status: string; assertionResults: { status: string }[] }[] } | undefined;
  return {
    runner: name,
    code: run.code,
    output: `${run.stdout}${run.stderr}`,
    files: (parsed?.testResults ?? []).map((r) => ({
      path: r.name,
      passed: r.status === 'passed' && r.assertionResults.every((t) => t.status === 'passed'),
      tests: r.assertionResults.length,
    })),
    seconds: (performance.now() - started) / 1000,
  };
}

async function jestRun(app: ConsumerApp, cells: Cell[]): Promise<Run> {
  const dir = writeCells(app, cells, 'jest');
  const report = join(dir, 'report.json');
  const started = performance.now();
  const run = await execGroup(
    process.execPath,
    [join(app.dir, 'node_modules/jest/bin/jest.js'), '--ci', '--maxWorkers=2', '--json', `--outputFile=${report}`, '--projects', ...cells.map((c) => c.folder)],
    { cwd: dir, env: env(), timeoutMs: 300_000 },
  );
  const parsed = readReport(report) as { testResults?: { name: string; status: string; assertionResults: { status: string }[] }[] } | undefined;
  return {
    runner: 'jest',
    code: run.code,
    output: `${run.stdout}${run.stderr}`,
    files: (parsed?.testResults ?? []).map((r) => ({
      path: r.name,
      passed: r.status === 'passed' && r.assertionResults.every((t) => t.status === 'passed'),
      tests: r.assertionResults.length,
    })),
    seconds: (performance.now() - started) / 1000,
  };
}

function readReport(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined; // no report: the run failed before any test, and each cell fails with its output
  }
}

const runOf = (cell: Cell) => (cell.runner === 'jest' ? 'jest' : cell.app === 'shared' ? 'vitest4' : 'vitest5');

beforeAll(async () => {
  const tarballs = await sharedTarballs();
  const [current, vitest4] = await Promise.all([
    timed('install: Vitest 5, browser mode and Jest', () => sharedApp(tarballs, OURS, CURRENT_APP)),
    timed('install: the shared consumer app (Vitest 4), or wait for it', () => sharedConsumerApp(tarballs)),
  ]);
  const of = (run: string) => CELLS.filter((cell) => runOf(cell) === run);
  runs.set(
    'vitest5',
    timed('run: Vitest 5 (4 projects)', () => vitestRun(current, of('vitest5'), 'vitest5')),
  );
  runs.set(
    'vitest4',
    timed('run: Vitest 4 (3 projects)', () => vitestRun(vitest4, of('vitest4'), 'vitest4')),
  );
  runs.set(
    'jest',
    timed('run: Jest (4 projects)', () => jestRun(current, of('jest'))),
  );
  await Promise.allSettled(runs.values());
}, 900_000);

afterAll(() => {
  console.log(`test environments, wall time:\n  ${timings.join('\n  ')}`);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.each(CELLS)('$folder', (cell) => {
  it(`renders the component: logs in, lists the seeded pipelines, shows the injected error (${cell.mock === 'msw' ? 'setupMockServer' : 'the in-process mock'})`, async () => {
    const run = await runs.get(runOf(cell))!;
    const file = run.files.find((f) => f.path.includes(`/${cell.folder}/`));
    expect(file, `${cell.folder} did not run:\n${run.output}`).toBeDefined();
    expect(file!.tests, run.output).toBe(1);
    expect(file!.passed, `${cell.folder} failed:\n${run.output}`).toBe(true);
  });
});

it('every cell’s config is the one docs/mocks.md gives, and every config block there is a cell’s', () => {
  expect(VERSIONS.vitest4, 'the shared consumer app’s vitest is the Vitest 4 cells’').toMatch(/^4\./);
  const configs = documentedConfigs();
  expect([...configs.keys()].sort()).toEqual([...new Set(CELLS.map((c) => c.id))].sort());
  for (const cell of CELLS) {
    const files = cellFiles(cell, configs);
    for (const [file, text] of configs.get(cell.id)!) expect(files.get(file)).toBe(text);
  }
});
