import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, serveFiles } from '../../conformance/browser.js';
import { execGroup } from '../../scripts/process-group.js';
import { bundleBrowserPage } from '../../conformance/browser-target.js';
import { TestServer } from '../../server/test/harness.js';
import { codeBlocks, normalize, promisedBySh, promisedByTs, type CodeBlock } from './markdown.js';
import { SOURCE_CONDITION, TSX_NODE_ARGS } from '../../scripts/packaging/source-condition.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = join(root, 'docs', '.examples');
const DOC_URL = 'http://127.0.0.1:6789';
const files = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

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

/** A ts program against the file's server; a vitest file when it imports vitest. */
async function runTypeScript(name: string, block: CodeBlock, server: TestServer) {
  const dir = join(scratch, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const code = block.code.replaceAll(DOC_URL, server.url);
  const env = { PIPELINE_API_URL: server.url, NO_COLOR: '1', FORCE_COLOR: '0' };
  let result;
  if (code.includes("from 'vitest'")) {
    writeFileSync(join(dir, 'example.test.ts'), code);
    writeFileSync(
      join(dir, 'vitest.config.ts'),
      `export default { ssr: { resolve: { conditions: ['${SOURCE_CONDITION}', 'module', 'node', 'development|production'] } }, test: { include: ['example.test.ts'] } };\n`,
    );
    result = await exec(`${root}/node_modules/.bin/vitest`, ['run', '--root', dir], env);
    expect(result.stdout, name).toMatch(/Tests\s+\S*\s*\d+ passed/);
  } else {
    writeFileSync(join(dir, 'example.ts'), code);
    result = await exec(process.execPath, [...TSX_NODE_ARGS, join(dir, 'example.ts')], env);
  }
  expect(result.code, `${name} failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
  expectPromises(result.stdout, promisedByTs(code), name);
}

/** A `ts browser` block: bundled, served beside MSW's worker, run in headless Chromium; its console is its output. */
async function runInBrowser(name: string, block: CodeBlock) {
  const bundle = await bundleBrowserPage({
    stdin: { contents: block.code, resolveDir: root, loader: block.lang === 'tsx' ? 'tsx' : 'ts', sourcefile: `${name}.${block.lang}` },
    jsx: 'automatic',
  });
  const site = await serveFiles({
    '/': { type: 'text/html', body: '<!doctype html><meta charset="utf-8"><script type="module" src="/example.js"></script>' },
    '/example.js': { type: 'text/javascript', body: bundle },
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(join(root, 'node_modules/msw/lib/mockServiceWorker.js')) },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const lines: string[] = [];
    const errors: string[] = [];
    page.on('console', (m) => (m.type() === 'error' ? errors : lines).push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.url);
    const promises = promisedByTs(block.code);
    await expect.poll(() => promises.every((p) => normalize(lines.join('\n')).includes(p)), { timeout: 30_000 }).toBe(true);
    expect(errors, lines.join('\n')).toEqual([]);
  } finally {
    await browser.close();
    await site.close();
  }
}

describe.each(files)('%s', (file) => {
  const blocks = codeBlocks(readFileSync(join(root, file), 'utf8'));
  const shell = blocks.filter((b) => (b.lang === 'sh' || b.lang === 'bash') && !b.flags.includes('setup'));
  const programs = blocks.filter((b) => b.lang === 'ts' || b.lang === 'tsx');

  // One server per page, its examples in order (shell first, then the programs, as the pages are written): a
  // reader runs them one after another, so two examples creating the same record would fail for them too.
  let server: TestServer;
  if (shell.length > 0 || programs.some((b) => !b.flags.includes('browser'))) {
    beforeAll(async () => {
      server = await TestServer.start();
    });
    afterAll(() => server.close());
  }

  if (shell.length > 0) it('runs its shell examples in order', () => runShell(file, shell, server), 120_000);
  programs.forEach((block, i) => {
    const name = `${file.replace(/\W+/g, '-')}-${i + 1}`;
    it(
      `runs code example ${i + 1}${block.flags.includes('browser') ? ' in Chromium' : ''}`,
      () => (block.flags.includes('browser') ? runInBrowser(name, block) : runTypeScript(name, block, server)),
      120_000,
    );
  });
  if (shell.length === 0 && programs.length === 0) it('has no runnable examples', () => expect(blocks.filter((b) => b.lang !== 'json')).toEqual([]));
});

it('every guide has runnable examples with promised output', () => {
  for (const guide of ['quickstart', 'authentication', 'errors', 'pagination', 'roles', 'sdk', 'mocks', 'runs', 'query']) {
    const blocks = codeBlocks(readFileSync(join(root, 'docs', `${guide}.md`), 'utf8'));
    const promises = blocks.flatMap((b) => (b.lang === 'ts' || b.lang === 'tsx' ? promisedByTs(b.code) : promisedBySh(b.code)));
    const tests = blocks.filter((b) => b.lang === 'ts' && b.code.includes("from 'vitest'"));
    expect(promises.length + tests.length, guide).toBeGreaterThan(0);
  }
});
