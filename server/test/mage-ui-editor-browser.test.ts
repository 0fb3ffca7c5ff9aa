import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../conformance/browser.js';
import { crawlMageUi, FIXTURE_TOUR, type PageToVisit, type PageVisit } from '../../scripts/mage-ui/crawl.js';
import { buildDemo } from '../../scripts/mage-ui/demo/build.js';
import { serveStatic } from '../../scripts/mage-ui/demo/static-server.js';
import { EDITOR_TOUR, editorTour, LINK_STEP } from '../../scripts/mage-ui/editor-tour.js';
import { ensureMageUi } from '../../scripts/mage-ui/wheel.js';
import { parseSettings } from '../cli/options.js';
import { startServer } from '../cli/server.js';
import { CODE_DOES_NOT_RUN, type KernelHost } from '../http/mage-ui-kernel-messages.js';
import { API_KEY, OWNER } from './harness.js';

/**
 * Before anyone signs in, the sign-in page asks `GET /api/projects`, which is viewer+ (see mage-ui-browser.test.ts):
 * the one error envelope the tour expects.
 */
const anonymousProject = (visit: PageVisit) => (call: PageVisit['calls'][number]) =>
  visit.name === 'sign-in' && call.method === 'GET' && /^\/api\/projects(\?|$)/.test(call.path) && call.error?.code === 403;
/** The delete the tour expects to be refused: a block with downstream blocks, without force (Mage's rule). */
const refusedDelete = (visit: PageVisit) => (call: PageVisit['calls'][number]) =>
  visit.name === 'a block with downstream blocks kept' && call.method === 'DELETE' && call.error?.code === 400;
/** The deleted block's file, read to see it gone. */
const goneFile = (visit: PageVisit) => (call: PageVisit['calls'][number]) =>
  visit.name === 'the API read after the delete' && call.path.startsWith('/api/file_contents/') && call.error?.code === 404;

const MAGE_CHART_QUIRK = /^Error: <rect> attribute height: A negative value is not valid\. \("-\d+(\.\d+)?"\)$/;
const FIXTURES = fileURLToPath(new URL('../../scripts/mage-ui/fixtures.json', import.meta.url));
const quiet = () => undefined;

/** Where the editor runs: the reference server, or the static demo (no server: its worker answers in the page). */
interface Backend {
  url: string;
  host: KernelHost;
  context: BrowserContext;
  /** The demo's: every request the browser made, and what its static host was asked for. */
  requests?: string[];
  hostRequests?: () => string[];
  close(): Promise<void>;
}

async function referenceServer(browser: Browser, dir: string): Promise<Backend> {
  const settings = parseSettings(['--port', '0', '--quiet', '--fixtures', FIXTURES, '--mage-ui', dir], {});
  const server = await startServer(settings, { info: quiet, warn: quiet, requests: quiet }, (error) => console.error(error.message));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return { url: server.url, host: 'server', context, close: async () => (await context.close(), await server.close()) };
}

/** The static demo built with the same fixtures, served by `python3 -m http.server`: no API server runs. */
async function staticDemo(browser: Browser, dir: string): Promise<Backend> {
  const out = mkdtempSync(join(tmpdir(), 'mage-ui-editor-demo-'));
  await buildDemo({ uiDir: dir, out, scenario: JSON.parse(readFileSync(FIXTURES, 'utf8')) as unknown });
  const served = await serveStatic(out);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  return {
    url: served.url,
    host: 'demo',
    context,
    requests,
    hostRequests: () => served.requests(),
    close: async () => {
      await context.close();
      await served.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

/**
 * Reads the API from the tour's page, with the session the UI signed in with (its `oauth_token` cookie): on the demo
 * the worker answers, on the server the server; the same call either way.
 */
function readApi(page: Page, paths: string[]): Promise<Record<string, any>[]> {
  return page.evaluate(
    async ({ paths, apiKey }) => {
      const raw = decodeURIComponent(/(?:^|; )oauth_token=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const token = (JSON.parse(atob(raw.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { token: string }).token;
      return Promise.all(paths.map((path) => fetch(path, { headers: { 'x-api-key': apiKey, 'oauth-token': token } }).then((r) => r.json())));
    },
    { paths, apiKey: API_KEY },
  );
}

/** The editor on the demo, in docs/mage-ui.md: written there when missing or with UPDATE_SCREENSHOTS=1, else to a temp folder. */
const EDITOR_PICTURE = 'mage-ui-demo-editor.png';
const pictureTarget = () => {
  const checkedIn = fileURLToPath(new URL(`../../docs/images/${EDITOR_PICTURE}`, import.meta.url));
  return process.env.UPDATE_SCREENSHOTS || !existsSync(checkedIn) ? checkedIn : join(tmpdir(), `editor-${process.pid}-${EDITOR_PICTURE}`);
};

/** What the API answered between the tour's steps. */
interface Reads {
  added?: any;
  upstream?: any;
  file?: any;
  renamed?: any;
  linkedTarget?: any;
  linkedSource?: any;
  after?: any;
  gone?: any;
}

/** The editor tour with the API read between its steps (the added block, its upstream block and its file; ...). */
function tourWithReads(reads: Reads, picture?: string): PageToVisit[] {
  const pipeline = FIXTURE_TOUR.pipeline;
  const file = (uuid: string) => `/api/file_contents/${encodeURIComponent(`default_repo/transformers/${uuid}.py`)}`;
  const read = (name: string, act: (page: Page) => Promise<void>): PageToVisit => ({ name, path: '', stay: true, interact: act });
  const steps = editorTour(FIXTURE_TOUR, 'def load_data');
  if (picture) {
    // The block just run, with the line the page answered it with.
    steps.splice(
      steps.findIndex((s) => s.name === 'the block run') + 1,
      0,
      read('the picture', async (page) => {
        await page.screenshot({ path: picture });
      }),
    );
  }
  steps.splice(
    steps.findIndex((s) => s.name === 'the editor reopened') + 1,
    0,
    read('the API read', async (page) => {
      [reads.added, reads.upstream, reads.file] = await readApi(page, [
        `/api/pipelines/${pipeline}/blocks/${EDITOR_TOUR.uuid}?include_content=true`,
        `/api/pipelines/${pipeline}/blocks/${FIXTURE_TOUR.block}`,
        file(EDITOR_TOUR.uuid),
      ]);
    }),
  );
  steps.splice(
    steps.findIndex((s) => s.name === 'the added block renamed') + 1,
    0,
    read('the API read after the rename', async (page) => {
      [reads.renamed] = await readApi(page, [`/api/pipelines/${pipeline}/blocks/${EDITOR_TOUR.renamedUuid}?include_content=true`]);
    }),
  );
  steps.splice(
    steps.findIndex((s) => s.name === LINK_STEP) + 1,
    0,
    read('the API read after the link', async (page) => {
      [reads.linkedTarget, reads.linkedSource] = await readApi(page, [
        `/api/pipelines/${pipeline}/blocks/${EDITOR_TOUR.renamedUuid}`,
        `/api/pipelines/${pipeline}/blocks/load_orders`,
      ]);
    }),
  );
  steps.push(
    read('the API read after the delete', async (page) => {
      [reads.after, reads.gone] = await readApi(page, [`/api/pipelines/${pipeline}`, file(EDITOR_TOUR.uuid)]);
    }),
  );
  return steps;
}

/** One Chromium for both backends (its start is the costliest part of a browser test). */
let chromium: Promise<Browser> | undefined;
const browser = () => (chromium ??= launchChromium());
afterAll(async () => {
  await (await chromium)?.close();
});

for (const [where, start] of [
  ['the reference server', referenceServer],
  ['the static demo', staticDemo],
] as const) {
  describe(`Mage's pipeline editor on ${where}, in Chromium`, () => {
    let backend: Backend;
    let tour: { signIn: PageVisit; pages: PageVisit[] };
    const reads: Reads = {};
    const picture = start === staticDemo ? pictureTarget() : undefined;

    beforeAll(async () => {
      const { dir } = await ensureMageUi();
      backend = await start(await browser(), dir);
      tour = await crawlMageUi(await browser(), backend.url, OWNER, { pages: tourWithReads(reads, picture), context: backend.context });
    }, 600_000);
    afterAll(async () => {
      await backend?.close();
      if (picture?.startsWith(tmpdir())) rmSync(picture, { force: true });
    });

    const step = (name: string) => tour.pages.find((visit) => visit.name === name)!;

    it('opens with no failed call, no uncaught exception, no console error; shows the blocks’ code and files', () => {
      for (const visit of [tour.signIn, ...tour.pages]) {
        expect(visit.pageErrors, visit.name).toEqual([]);
        expect(visit.cspViolations, visit.name).toEqual([]);
        expect(visit.assetFailures, visit.name).toEqual([]);
        // Signing in lands on the overview, whose chart logs Mage's own negative `<rect>` heights (mage-ui-browser.test.ts).
        expect(
          visit.consoleErrors.filter((error) => !MAGE_CHART_QUIRK.test(error)),
          visit.name,
        ).toEqual([]);
        const failed = visit.calls.filter(
          (call) => call.error !== undefined && ![anonymousProject, refusedDelete, goneFile].some((expected) => expected(visit)(call)),
        );
        expect(
          failed.map((c) => `${c.method} ${c.path}: ${c.error!.code} ${c.error!.message}`),
          visit.name,
        ).toEqual([]);
      }
      const editor = step('editor');
      for (const path of ['/api/files', '/api/data_providers', '/api/autocomplete_items', '/api/block_templates', '/api/kernels']) {
        expect(
          tour.pages.some((visit) => visit.calls.some((call) => call.path.startsWith(path) && call.error === undefined)),
          path,
        ).toBe(true);
      }
      // The fixtures' code, in the blocks' editors; the block folders in the file browser.
      expect(editor.text).toContain('def load_data');
      expect(editor.text).toContain("dropna(subset=['amount'])");
      expect(editor.text).toMatch(/default_repo.*data_loaders.*transformers/);
    });

    it('adds a block from the menu, saves the code typed into it, runs it, and shows the code after a reload; the API agrees', () => {
      const create = step('a block added from the menu').calls.find(
        (call) => call.method === 'POST' && call.path === `/api/pipelines/${FIXTURE_TOUR.pipeline}/blocks`,
      );
      expect(create).toBeDefined();
      expect(create!.error).toBeUndefined();
      expect(step('code typed and saved').calls.some((call) => call.method === 'PUT' && call.path.includes('update_content=true') && !call.error)).toBe(true);
      // The kernel's answer, from the server's websocket or the demo's page: the line, and the spinner stopped.
      expect(step('the block run').text).toContain(CODE_DOES_NOT_RUN[backend.host]);
      expect(step('the editor reopened').text).toContain(EDITOR_TOUR.code);

      const { block } = reads.added;
      expect(block).toMatchObject({ uuid: EDITOR_TOUR.uuid, type: 'transformer', language: 'python', upstream_blocks: [FIXTURE_TOUR.block] });
      expect(block.content).toContain(EDITOR_TOUR.code);
      expect(reads.upstream.block.downstream_blocks).toEqual([EDITOR_TOUR.uuid]);
      expect(reads.file.file_content.content).toContain(EDITOR_TOUR.code);
    });

    it('renames the added block from its header: a new uuid, the code and the link kept', () => {
      expect(reads.renamed.block).toMatchObject({ uuid: EDITOR_TOUR.renamedUuid, name: EDITOR_TOUR.renamed, upstream_blocks: [FIXTURE_TOUR.block] });
      expect(reads.renamed.block.content).toContain(EDITOR_TOUR.code);
      expect(step('the added block renamed').text).toContain(EDITOR_TOUR.renamedUuid);
    });

    it('draws an upstream link by dragging in the dependency tree: both blocks and the reloaded tree agree', () => {
      const put = step(LINK_STEP).calls.filter((call) => call.method === 'PUT');
      expect(put.map((call) => [call.path.split('?')[0], call.error])).toEqual([
        [`/api/pipelines/${FIXTURE_TOUR.pipeline}/blocks/${EDITOR_TOUR.renamedUuid}`, undefined],
      ]);
      expect(reads.linkedTarget.block.upstream_blocks).toEqual([FIXTURE_TOUR.block, 'load_orders']);
      expect(reads.linkedSource.block.downstream_blocks).toEqual([FIXTURE_TOUR.block, EDITOR_TOUR.renamedUuid]);
      // The step waited for the port Mage draws at the link's end, after the page loaded again.
      expect(step('the editor reopened with the link').pageErrors).toEqual([]);
    });

    it('deletes with Mage’s rule: a block with downstream blocks is refused without force, the added block goes; the API agrees', () => {
      const refused = step('a block with downstream blocks kept').calls.filter((call) => call.method === 'DELETE');
      expect(refused.map((call) => [call.path.split('?')[0], call.error?.code])).toEqual([[`/api/pipelines/${FIXTURE_TOUR.pipeline}/blocks/load_orders`, 400]]);
      expect(step('a block with downstream blocks kept').text).toContain('Please remove the downstream blocks first');
      const deleted = step('the added block deleted').calls.filter((call) => call.method === 'DELETE');
      expect(deleted.map((call) => [call.path.split('?')[0], call.error])).toEqual([
        [`/api/pipelines/${FIXTURE_TOUR.pipeline}/blocks/${EDITOR_TOUR.renamedUuid}`, undefined],
      ]);
      const { pipeline } = reads.after;
      expect(pipeline.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['load_orders', FIXTURE_TOUR.block]);
      expect(pipeline.blocks[1].downstream_blocks).toEqual([]);
      expect(reads.gone.error).toMatchObject({ code: 404 });
    });

    if (start === staticDemo) {
      it('on the demo: the picture in docs/mage-ui.md is the one this tour takes', () => {
        expect(statSync(picture!).size).toBeGreaterThan(3_000);
        expect(readFileSync(fileURLToPath(new URL('../../docs/mage-ui.md', import.meta.url)), 'utf8')).toContain(`(images/${EDITOR_PICTURE})`);
      });

      it('on the demo: every API call answered by its worker, nothing asked of the host or another origin', () => {
        const calls = [tour.signIn, ...tour.pages].flatMap((visit) => visit.calls);
        expect(calls.length).toBeGreaterThan(0);
        expect(calls.filter((call) => !call.fromServiceWorker).map((call) => `${call.method} ${call.path}`)).toEqual([]);
        expect(backend.hostRequests!().filter((line) => line.includes(' /api/'))).toEqual([]);
        const origin = new URL(backend.url).origin;
        expect(backend.requests!.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
      });
    }
  });
}
