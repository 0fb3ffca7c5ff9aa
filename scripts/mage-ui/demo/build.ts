import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { fixtureItemsProblem } from '@pipeline-api/core/fixtures';
import { createInProcessMock, type Fixtures } from '@pipeline-api/mocks/in-process';
import { openMageUiFolder } from '../../../server/http/mage-ui.js';
import { SOURCE_CONDITION } from '../../packaging/source-condition.js';
import { DEMO_KERNEL_SCRIPT, DEMO_PAGES, DEMO_RESET_PAGE, DEMO_WORKER_PATH, type DemoBuild } from './layout.js';

/** A demo that cannot be built as asked: the message says why. */
export class DemoError extends Error {}

/** Mage's static folders and file, copied at the paths its pages name them by (as the server serves them). */
const MAGE_STATIC = ['_next/static', 'fonts', 'images', 'monaco-editor', 'favicon.ico'] as const;
/** Written in every demo folder: a folder holding it may be rebuilt in place; any other non-empty folder is refused. */
const MARKER = 'demo/.mage-ui-demo';

/** The CSP of the demo's own pages (no inline script or style, nothing from elsewhere; `<meta>` cannot forbid framing). */
const DEMO_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'";

export interface DemoResult {
  out: string;
  /**
   * Bytes of what the demo adds to Mage's own files: the worker (the mocks' engine and the scenario), the start page's
   * script, the reset page's, and the script Mage's pages load first (the editor's websockets answered in the page).
   */
  addedBytes: { worker: number; start: number; reset: number; kernel: number };
}

/**
 * Writes the static demo into `out`: Mage's pages and files from `uiDir` (the fetched export), the worker that runs the
 * kit's mocks, the start and reset pages, and `scenario` (checked by seeding it here first, so a demo that would fail
 * in the browser fails now, with the fixtures' message).
 */
export async function buildDemo({ uiDir, out, scenario }: { uiDir: string; out: string; scenario: unknown }): Promise<DemoResult> {
  const fixtures = await checkScenario(scenario);
  const folder = openMageUiFolder(uiDir);
  prepareOut(out);
  for (const path of MAGE_STATIC) {
    const from = join(folder.root, path);
    if (!existsSync(from)) continue;
    // Links are not followed: the cache holds the export's own files only, and nothing outside it is copied.
    cpSync(from, join(out, path), { recursive: true, dereference: false, filter: (source) => !lstatSync(source).isSymbolicLink() });
  }
  mkdirSync(join(out, 'demo/mage'), { recursive: true });
  for (const [which, path] of Object.entries(DEMO_PAGES)) {
    const body = folder.pages.get(which === 'index' ? 'index' : 'pipeline-runs');
    if (body) writeFileSync(join(out, path), withKernelScript(body));
  }
  const version = createHash('sha256')
    .update(JSON.stringify([fixtures, folder.csp, [...folder.pages.values()].map((page) => page.toString('base64'))]))
    .digest('hex')
    .slice(0, 16);
  const define: DemoBuild = { scenario: fixtures, csp: folder.csp, version };
  const worker = await bundle('worker.ts', join(out, DEMO_WORKER_PATH), { DEMO_BUILD: JSON.stringify(define) });
  const start = await bundle('start.ts', join(out, 'demo/start.js'));
  const reset = await bundle('reset.ts', join(out, 'demo/reset.js'));
  const kernel = await bundle('kernel.ts', join(out, DEMO_KERNEL_SCRIPT));
  const startPage = page('Mage, with no server', '<p id="status">Starting the demo…</p>', '/demo/start.js');
  writeFileSync(join(out, 'index.html'), startPage);
  // Hosts that answer an unknown path with 404.html (GitHub Pages, Netlify...) start the demo from a deep link too.
  writeFileSync(join(out, '404.html'), startPage);
  writeFileSync(
    join(out, DEMO_RESET_PAGE),
    page(
      'Reset the demo',
      '<p>Back to the scenario’s first state: everything made or changed in the demo goes, and you are signed out.</p><p><button id="reset" type="button">Reset the demo</button></p><p id="status"></p>',
      '/demo/reset.js',
    ),
  );
  writeFileSync(join(out, 'demo/demo.css'), CSS);
  writeFileSync(join(out, MARKER), 'A static demo of Mage’s web UI on the Pipeline API kit’s mocks (npm run mage-ui:demo).\n');
  return { out, addedBytes: { worker, start, reset, kernel } };
}

/**
 * Mage's page with the demo's kernel script loaded before any of Mage's own (a same-origin file: the CSP allows it
 * as it is). It goes after Next's `next-head-count` marker, whose count of the head's elements before it stays true.
 */
export function withKernelScript(page: Buffer): Buffer {
  const html = page.toString('utf8');
  const tag = `<script src="${DEMO_KERNEL_SCRIPT}"></script>`;
  // Without those, after `<html>` (the parser opens the head there) or first of all.
  const marker = /<meta name="next-head-count"[^>]*>/.exec(html) ?? /<head[^>]*>/.exec(html) ?? /<html[^>]*>/.exec(html);
  const at = marker ? marker.index + marker[0].length : 0;
  return Buffer.from(html.slice(0, at) + tag + html.slice(at), 'utf8');
}

/** The scenario's items checked against the fixtures' schema, then seeded once in Node (what the worker will do). */
async function checkScenario(scenario: unknown): Promise<Fixtures> {
  const problem = fixtureItemsProblem(scenario);
  if (problem) throw new DemoError(`the demo's fixtures are not valid: ${problem}`);
  const { $schema: _schema, ...fixtures } = scenario as Fixtures & { $schema?: string };
  try {
    await createInProcessMock().seed(fixtures);
  } catch (error) {
    throw new DemoError(`the demo's fixtures do not seed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return fixtures;
}

/** Refuses an `out` the demo may not be written into: anything but a new or empty folder, or a demo built before. */
export function checkOut(out: string, shown = out) {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new DemoError(`--out ${shown}: not a folder`);
  if (readdirSync(out).length > 0 && !existsSync(join(out, MARKER))) {
    throw new DemoError(`--out ${shown}: the folder is not empty and holds no demo built before; give a new or empty folder`);
  }
}

/** Makes `out` ready: absent or empty, or a demo built before (then emptied). */
function prepareOut(out: string) {
  checkOut(out);
  if (existsSync(out)) for (const entry of readdirSync(out)) rmSync(join(out, entry), { recursive: true, force: true });
  mkdirSync(join(out, 'demo'), { recursive: true });
}

const here = dirname(fileURLToPath(import.meta.url));

/** One script of the demo, bundled for the browser (the worker: a classic script, no import() left). Answers its bytes. */
async function bundle(entry: string, outfile: string, define: Record<string, string> = {}): Promise<number> {
  const result = await build({
    entryPoints: [join(here, entry)],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    conditions: [SOURCE_CONDITION],
    define,
    logLevel: 'silent',
    metafile: true,
  });
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
}

function page(title: string, body: string, script: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${DEMO_PAGE_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    '<link rel="stylesheet" href="/demo/demo.css">',
    '</head>',
    '<body>',
    '<main>',
    `<h1>${title}</h1>`,
    body,
    '<noscript><p>The demo needs JavaScript.</p></noscript>',
    '<p class="links"><a href="/">Open the demo</a> · <a href="/demo/reset.html">Reset the demo</a></p>',
    '</main>',
    `<script src="${script}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

const CSS = `body { font: 16px/1.5 system-ui, sans-serif; background: #1a1a1a; color: #eee; margin: 0; }
main { max-width: 40rem; margin: 15vh auto; padding: 0 1rem; }
a { color: #9ecbff; }
button { font: inherit; padding: 0.4rem 1rem; }
.links { margin-top: 2rem; font-size: 0.9rem; }
`;
