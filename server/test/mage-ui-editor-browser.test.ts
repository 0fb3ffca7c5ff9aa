import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../conformance/browser.js';
import { crawlMageUi, FIXTURE_TOUR, type PageVisit } from '../../scripts/mage-ui/crawl.js';
import { EDITOR_TOUR, editorTour } from '../../scripts/mage-ui/editor-tour.js';
import { ensureMageUi } from '../../scripts/mage-ui/wheel.js';
import { parseSettings } from '../cli/options.js';
import { startServer, type StartedServer } from '../cli/server.js';
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

const MAGE_CHART_QUIRK = /^Error: <rect> attribute height: A negative value is not valid\. \("-\d+(\.\d+)?"\)$/;

describe("Mage's pipeline editor on the reference server, in Chromium", () => {
  let server: StartedServer;
  let browser: Browser;
  let tour: { signIn: PageVisit; pages: PageVisit[] };
  let added: Record<string, any> = {};
  let upstream: Record<string, any> = {};
  let file: Record<string, any> = {};
  let renamed: Record<string, any> = {};

  beforeAll(async () => {
    const { dir } = await ensureMageUi();
    const fixtures = fileURLToPath(new URL('../../scripts/mage-ui/fixtures.json', import.meta.url));
    const settings = parseSettings(['--port', '0', '--quiet', '--fixtures', fixtures, '--mage-ui', dir], {});
    const quiet = () => undefined;
    server = await startServer(settings, { info: quiet, warn: quiet, requests: quiet }, (error) => console.error(error.message));
    browser = await launchChromium();
    // What the API answers once the editor has saved the new block, read between the tour's steps (it is deleted later).
    const steps = editorTour(FIXTURE_TOUR, 'def load_data');
    steps.splice(steps.findIndex((s) => s.name === 'the editor reopened') + 1, 0, {
      name: 'the API read',
      path: '',
      stay: true,
      interact: async () => {
        const pipeline = FIXTURE_TOUR.pipeline;
        const path = encodeURIComponent(`default_repo/transformers/${EDITOR_TOUR.uuid}.py`);
        [added, upstream, file] = await Promise.all([
          api(`/api/pipelines/${pipeline}/blocks/${EDITOR_TOUR.uuid}?include_content=true`),
          api(`/api/pipelines/${pipeline}/blocks/${FIXTURE_TOUR.block}`),
          api(`/api/file_contents/${path}`),
        ]);
      },
    });
    steps.splice(steps.findIndex((s) => s.name === 'the added block renamed') + 1, 0, {
      name: 'the API read after the rename',
      path: '',
      stay: true,
      interact: async () => {
        renamed = await api(`/api/pipelines/${FIXTURE_TOUR.pipeline}/blocks/${EDITOR_TOUR.renamedUuid}?include_content=true`);
      },
    });
    tour = await crawlMageUi(browser, server.url, OWNER, { pages: steps });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const step = (name: string) => tour.pages.find((visit) => visit.name === name)!;
  const api = async (path: string) => {
    const login = await fetch(`${server.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({ session: { email: OWNER.email, password: OWNER.password } }),
    }).then((r) => r.json() as Promise<{ session: { token: string } }>);
    const response = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': API_KEY, cookie: `oauth_token=${login.session.token}` } });
    return (await response.json()) as Record<string, any>;
  };

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
      const failed = visit.calls.filter((call) => call.error !== undefined && !anonymousProject(visit)(call) && !refusedDelete(visit)(call));
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

  it('adds a block from the menu, saves the code typed into it, runs it, and shows the code after a reload; the API agrees', async () => {
    const create = step('a block added from the menu').calls.find(
      (call) => call.method === 'POST' && call.path === `/api/pipelines/${FIXTURE_TOUR.pipeline}/blocks`,
    );
    expect(create).toBeDefined();
    expect(create!.error).toBeUndefined();
    expect(step('code typed and saved').calls.some((call) => call.method === 'PUT' && call.path.includes('update_content=true') && !call.error)).toBe(true);
    expect(step('the block run').text).toContain('Running code is not available on this server');
    expect(step('the editor reopened').text).toContain(EDITOR_TOUR.code);

    const { block } = added;
    expect(block).toMatchObject({ uuid: EDITOR_TOUR.uuid, type: 'transformer', language: 'python', upstream_blocks: [FIXTURE_TOUR.block] });
    expect(block.content).toContain(EDITOR_TOUR.code);
    expect(upstream.block.downstream_blocks).toEqual([EDITOR_TOUR.uuid]);
    expect(file.file_content.content).toContain(EDITOR_TOUR.code);
  });

  it('renames the added block from its header: a new uuid, the code and the link kept', () => {
    expect(renamed.block).toMatchObject({ uuid: EDITOR_TOUR.renamedUuid, name: EDITOR_TOUR.renamed, upstream_blocks: [FIXTURE_TOUR.block] });
    expect(renamed.block.content).toContain(EDITOR_TOUR.code);
    expect(step('the added block renamed').text).toContain(EDITOR_TOUR.renamedUuid);
  });

  it('deletes with Mage’s rule: a block with downstream blocks is refused without force, the added block goes; the API agrees', async () => {
    const refused = step('a block with downstream blocks kept').calls.filter((call) => call.method === 'DELETE');
    expect(refused.map((call) => [call.path.split('?')[0], call.error?.code])).toEqual([[`/api/pipelines/${FIXTURE_TOUR.pipeline}/blocks/load_orders`, 400]]);
    expect(step('a block with downstream blocks kept').text).toContain('Please remove the downstream blocks first');
    const deleted = step('the added block deleted').calls.filter((call) => call.method === 'DELETE');
    expect(deleted.map((call) => [call.path.split('?')[0], call.error])).toEqual([
      [`/api/pipelines/${FIXTURE_TOUR.pipeline}/blocks/${EDITOR_TOUR.renamedUuid}`, undefined],
    ]);
    const { pipeline } = await api(`/api/pipelines/${FIXTURE_TOUR.pipeline}`);
    expect(pipeline.blocks.map((b: { uuid: string }) => b.uuid)).toEqual(['load_orders', FIXTURE_TOUR.block]);
    expect(pipeline.blocks[1].downstream_blocks).toEqual([]);
    const gone = await api(`/api/file_contents/${encodeURIComponent(`default_repo/transformers/${EDITOR_TOUR.uuid}.py`)}`);
    expect(gone.error).toMatchObject({ code: 404 });
  });
});
