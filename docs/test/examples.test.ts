import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { launchChromium, serveFiles } from '../../conformance/browser.js';
import { execGroup } from '../../scripts/process-group.js';
import { bundleBrowserPage } from '../../conformance/browser-target.js';
import { TestServer } from '../../server/test/harness.js';
import { codeBlocks, normalize, promisedBySh, promisedByTs, type CodeBlock } from './markdown.js';
import { SOURCE_CONDITION } from '../../scripts/packaging/source-condition.js';
import { npmPackagesExternal } from '../../server/test/bundled-command.js';
import { slots } from '../../scripts/test/slots.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = join(root, 'docs', '.examples');
const DOC_URL = 'http://127.0.0.1:6789';
/**
 * Pages a test of their own runs: build-an-app.test.ts makes and builds the app of build-an-app.md, and
 * install.test.ts checks the install commands of install.md and of every other page.
 */
const OWN_TESTS = new Set(['docs/build-an-app.md', 'docs/install.md']);
const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
    .filter((f) => !OWN_TESTS.has(f)),
];

/**
 * The pages' servers tick the scheduler every 50 ms, not every second: a run's examples print the same statuses,
 * sooner (each of a run's steps waits for a tick).
 */
const SCHEDULER_INTERVAL_MS = 50;

/** Children must not inherit CI's vitest report path, or a nested vitest would overwrite the report. */
const { VITEST_JSON: _, ...childEnv } = process.env;

/** Runs an example in a process group of its own: whatever it starts (a shell's commands, a vitest's workers) stops with it. */
const exec = (file: string, args: string[], env: Record<string, string> = {}) =>
  execGroup(file, args, { cwd: root, env: { ...childEnv, ...env }, timeoutMs: 90_000 });

function expectPromises(output: string, promises: string[], where: string) {
  const printed = normalize(output);
  for (const promise of promises) expect(printed, `${where} promises ${promise}\n--- output:\n${output}`).toContain(promise);
}

/** Every sh block of a file, in order, in one shell, against the file's server: as a reader runs them. */
async function runShell(file: string, blocks: CodeBlock[], server: TestServer) {
  const script = ['set -euo pipefail', ...blocks.map((b) => b.code)].join('\n').replaceAll(DOC_URL, server.url);
  const result = await exec('bash', ['-c', script]);
  expect(result.code, `${file} shell examples failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
  expectPromises(
    result.stdout,
    blocks.flatMap((b) => promisedBySh(b.code)),
    file,
  );
}

const isVitestFile = (block: CodeBlock) => block.code.includes("from 'vitest'");
const exampleEnv = (server: TestServer) => ({ PIPELINE_API_URL: server.url, NO_COLOR: '1', FORCE_COLOR: '0' });

/**
 * A ts program against the file's server. It runs bundled by esbuild (the workspace packages from their sources, as
 * tsx would load them; npm packages imported from node_modules): a start through tsx resolves and loads every
 * source module through its hooks, about 0.4 s of CPU more per example than one bundled file.
 */
async function runTypeScript(name: string, block: CodeBlock, server: TestServer) {
  const dir = join(scratch, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const code = block.code.replaceAll(DOC_URL, server.url);
  writeFileSync(join(dir, 'example.ts'), code);
  await build({
    entryPoints: [join(dir, 'example.ts')],
    outfile: join(dir, 'example.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    conditions: [SOURCE_CONDITION],
    // Class and function names stay as written (an error prints its class): a bundle would rename clashing ones.
    keepNames: true,
    plugins: [npmPackagesExternal],
    logLevel: 'silent',
  });
  const result = await exec(process.execPath, [join(dir, 'example.mjs')], exampleEnv(server));
  expect(result.code, `${name} failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
  expectPromises(result.stdout, promisedByTs(code), name);
}

interface VitestReport {
  testResults: { name: string; status: string; assertionResults: { fullName: string; status: string }[] }[];
}

/**
 * A page's vitest examples (each a test file of its own, on the mocks: they share nothing with the page's server
 * or with each other) in one vitest run, which starts once for all of them; each example checks its own file's
 * result in the run's JSON report.
 */
async function runVitestFiles(page: string, examples: { name: string; block: CodeBlock }[], server: TestServer) {
  const dir = join(scratch, `${page}-vitest`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const { name, block } of examples) writeFileSync(join(dir, `${name}.test.ts`), block.code.replaceAll(DOC_URL, server.url));
  writeFileSync(
    join(dir, 'vitest.config.ts'),
    `export default { ssr: { resolve: { conditions: ['${SOURCE_CONDITION}', 'module', 'node', 'development|production'] } }, test: { include: ['*.test.ts'], testTimeout: 30_000 } };\n`,
  );
  const report = join(dir, 'report.json');
  const result = await exec(
    `${root}/node_modules/.bin/vitest`,
    ['run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    exampleEnv(server),
  );
  let parsed: VitestReport | undefined;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  } catch {
    // No report: the run failed before any test; each example fails below with its output.
  }
  const output = `${result.stdout}\n${result.stderr}`;
  return (name: string) => {
    const file = parsed?.testResults.find((r) => r.name === join(dir, `${name}.test.ts`));
    expect(file, `${name} did not run:\n${output}`).toBeDefined();
    expect(file!.assertionResults.length, `${name} has no tests`).toBeGreaterThan(0);
    const failed = file!.assertionResults.filter((t) => t.status !== 'passed').map((t) => `${t.fullName}: ${t.status}`);
    expect(failed, `${name} failed:\n${output}`).toEqual([]);
    expect(file!.status, `${name} failed:\n${output}`).toBe('passed');
  };
}

/** One Chromium for every page's browser examples, each example in a context of its own (its own storage and service workers). */
let browser: Promise<Browser> | undefined;
const chromium = () => (browser ??= launchChromium());
afterAll(async () => {
  await (await browser)?.close();
});

/** A `ts browser` block: bundled, served beside MSW's worker, run in headless Chromium; its console is its output. */
async function runInBrowser(expect: ExpectStatic, name: string, block: CodeBlock) {
  const bundle = await bundleBrowserPage({
    stdin: { contents: block.code, resolveDir: root, loader: block.lang === 'tsx' ? 'tsx' : 'ts', sourcefile: `${name}.${block.lang}` },
    jsx: 'automatic',
  });
  const site = await serveFiles({
    '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><script type="module" src="/example.js"></script>' },
    '/example.js': { type: 'text/javascript', body: bundle },
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(join(root, 'node_modules/msw/lib/mockServiceWorker.js')) },
  });
  const context = await (await chromium()).newContext();
  try {
    const page = await context.newPage();
    const lines: string[] = [];
    const errors: string[] = [];
    page.on('console', (m) => (m.type() === 'error' ? errors : lines).push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    const promises = promisedByTs(block.code);
    await expect.poll(() => promises.every((p) => normalize(lines.join('\n')).includes(p)), { timeout: 30_000 }).toBe(true);
    expect(errors, lines.join('\n')).toEqual([]);
  } finally {
    await context.close();
    await site.close();
  }
}

/**
 * Two pages at a time, each page's examples in order: a page waits on its examples' processes, its server's
 * scheduler ticks and Chromium much of its time, and the other page's work fills that. Pages share nothing but the
 * browser (each example in a context of its own).
 */
const pageSlots = slots(2);
/** A page waits for a slot in its beforeAll: as long as the pages before it take, at most. */
const WAIT_FOR_A_SLOT_MS = 600_000;

describe.concurrent.each(files)('%s', (file) => {
  const blocks = codeBlocks(readFileSync(join(root, file), 'utf8'));
  const shell = blocks.filter((b) => (b.lang === 'sh' || b.lang === 'bash') && !b.flags.includes('setup'));
  const programs = blocks.filter((b) => b.lang === 'ts' || b.lang === 'tsx');

  // One server per page, its examples in order (shell first, then the programs, as the pages are written): a
  // reader runs them one after another, so two examples creating the same record would fail for them too.
  let server: TestServer;
  const needsServer = shell.length > 0 || programs.some((b) => !b.flags.includes('browser'));
  beforeAll(async () => {
    await pageSlots.take();
    if (needsServer) server = await TestServer.start({ config: { schedulerIntervalMs: SCHEDULER_INTERVAL_MS } });
  }, WAIT_FOR_A_SLOT_MS);
  afterAll(async () => {
    try {
      if (needsServer) await server?.close();
    } finally {
      pageSlots.give();
    }
  });
  const exampleName = (block: CodeBlock) => `${file.replace(/\W+/g, '-')}-${programs.indexOf(block) + 1}`;
  const vitestExamples = programs.filter((b) => !b.flags.includes('browser') && isVitestFile(b)).map((block) => ({ name: exampleName(block), block }));
  let vitestRun: ReturnType<typeof runVitestFiles> | undefined;
  const vitestResult = async (name: string) => (await (vitestRun ??= runVitestFiles(file.replace(/\W+/g, '-'), vitestExamples, server)))(name);

  if (shell.length > 0) it.sequential('runs its shell examples in order', () => runShell(file, shell, server), 120_000);
  programs.forEach((block, i) => {
    const name = exampleName(block);
    const run = (expect: ExpectStatic) =>
      block.flags.includes('browser') ? runInBrowser(expect, name, block) : isVitestFile(block) ? vitestResult(name) : runTypeScript(name, block, server);
    it.sequential(
      `runs code example ${i + 1}${block.flags.includes('browser') ? ' in Chromium' : isVitestFile(block) ? ' (vitest)' : ''}`,
      ({ expect }) => run(expect),
      120_000,
    );
  });
  if (shell.length === 0 && programs.length === 0)
    it.sequential('has no runnable examples', ({ expect }) => expect(blocks.filter((b) => b.lang !== 'json')).toEqual([]));
});

it('every guide has runnable examples with promised output', () => {
  for (const guide of ['quickstart', 'authentication', 'errors', 'pagination', 'roles', 'sdk', 'mocks', 'runs', 'query']) {
    const blocks = codeBlocks(readFileSync(join(root, 'docs', `${guide}.md`), 'utf8'));
    const promises = blocks.flatMap((b) => (b.lang === 'ts' || b.lang === 'tsx' ? promisedByTs(b.code) : promisedBySh(b.code)));
    const tests = blocks.filter((b) => b.lang === 'ts' && b.code.includes("from 'vitest'"));
    expect(promises.length + tests.length, guide).toBeGreaterThan(0);
  }
});
