import { createClient } from '@pipeline-api/sdk';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser.js';
import { crawlMageUi, EDITOR_TOUR, editorTour, type PageToVisit, type PageVisit, type TourData } from '../../scripts/mage-ui/crawl.js';
import { ensureMageUi } from '../../scripts/mage-ui/wheel.js';
import { parseSettings } from '../../server/cli/options.js';
import { startServer, type StartedServer } from '../../server/cli/server.js';
import { addCityBlocks } from './blocks.js';
import { MAGE_PAGE_BUDGET_MS } from './mage-timing.js';
import { API_KEY } from './profile.js';

const MAGE = process.env.REAL_MAGE_URL;
const OWNER = { email: 'admin@admin.com', password: 'admin' };
/**
 * What Mage's output panel shows when the tour runs its block: Mage runs it, and the code the tour typed (a bare name
 * typed where the editor's cursor stood, in the template Mage wrote) is an error Python reports.
 */
const MAGE_RUN_OUTPUT = /SyntaxError|NameError|Traceback/;

/** What the API answers between the tour's steps, on one server. */
interface ApiReads {
  added?: any;
  upstream?: any;
  file?: any;
  renamed?: any;
  after?: any;
  gone?: any;
}

/** A signed-in reader of a server's API (the key and the session's token, as the differential sends them). */
async function apiReader(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({ session: OWNER }),
  }).then((r) => r.json() as Promise<{ session: { token: string } }>);
  const token = JSON.parse(atob(login.session.token.split('.')[1]!)).token as string;
  return async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { 'x-api-key': API_KEY, 'oauth-token': token } });
    return await response.json();
  };
}

/** The same pipeline on either server: a loader and a transformer of real Python, the second below the first. */
async function makePipeline(baseUrl: string, suffix: string): Promise<TourData> {
  const client = createClient({ baseUrl, apiKey: API_KEY, maxRetries: 0 });
  await client.sessions.login(OWNER);
  const pipeline = await client.pipelines.create({ name: `editor tour ${suffix}` });
  await addCityBlocks(client, pipeline.uuid);
  return { pipeline: pipeline.uuid, search: suffix, tag: 'tour', block: 'to_fahrenheit' };
}

/** The editor tour with the API read between its steps, as server/test/mage-ui-editor-browser.test.ts reads it. */
function tourWithReads(baseUrl: string, d: TourData, runOutput: RegExp | undefined, reads: ApiReads): PageToVisit[] {
  const steps = editorTour(d, 'def load_data', runOutput);
  const read = (name: string, act: (api: Awaited<ReturnType<typeof apiReader>>) => Promise<void>): PageToVisit => ({
    name,
    path: '',
    stay: true,
    interact: async () => act(await apiReader(baseUrl)),
  });
  const file = (uuid: string) => `/api/file_contents/${encodeURIComponent(`transformers/${uuid}.py`)}`;
  steps.splice(
    steps.findIndex((s) => s.name === 'the editor reopened') + 1,
    0,
    read('the API read', async (api) => {
      [reads.added, reads.upstream, reads.file] = await Promise.all([
        api(`/api/pipelines/${d.pipeline}/blocks/${EDITOR_TOUR.uuid}?include_content=true`),
        api(`/api/pipelines/${d.pipeline}/blocks/${d.block}`),
        api(file(EDITOR_TOUR.uuid)),
      ]);
    }),
  );
  steps.splice(
    steps.findIndex((s) => s.name === 'the added block renamed') + 1,
    0,
    read('the API read after the rename', async (api) => {
      reads.renamed = await api(`/api/pipelines/${d.pipeline}/blocks/${EDITOR_TOUR.renamedUuid}?include_content=true`);
    }),
  );
  steps.push(
    read('the API read after the delete', async (api) => {
      [reads.after, reads.gone] = await Promise.all([
        api(`/api/pipelines/${d.pipeline}`),
        api(`/api/pipelines/${d.pipeline}/blocks/${EDITOR_TOUR.renamedUuid}`),
      ]);
    }),
  );
  return steps;
}

const stepFailures = (visit: PageVisit) => visit.pageErrors.filter((error) => error.startsWith('step failed'));
/** One cell of the side-by-side table: whether the step did what it does, and the API calls answered with an error. */
function cell(visit: PageVisit | undefined): string {
  if (!visit) return '(not reached)';
  const failed = stepFailures(visit);
  const errors = visit.calls.filter((call) => call.error).map((call) => `${call.method} ${call.path.split('?')[0]} ${call.error!.code}`);
  return `${failed.length ? `**${failed.join('; ').slice(0, 160)}**` : 'ok'}${errors.length ? ` (errors: ${errors.join(', ')})` : ''}`;
}

/**
 * The pipeline editor's tour (server/test/mage-ui-editor-browser.test.ts) on a real Mage 0.9.80 and on the reference
 * server with `--mage-ui`, the same steps on the same pipeline, side by side: the test itself proven on the original.
 * The browser talks to Mage directly (the editor's kernel websocket does not go through the contract proxy).
 */
describe.skipIf(!MAGE)("Mage's pipeline editor on a real Mage 0.9.80 and on the reference server, in Chromium: the same steps", () => {
  let browser: Browser | undefined;
  let server: StartedServer | undefined;
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('adds, edits, runs, renames and deletes a block through the editor on both; the API agrees on both', async () => {
    const { dir } = await ensureMageUi();
    const quiet = () => undefined;
    server = await startServer(parseSettings(['--port', '0', '--quiet', '--mage-ui', dir], {}), { info: quiet, warn: quiet, requests: quiet }, (error) =>
      console.error(error.message),
    );
    browser = await launchChromium();
    const suffix = Date.now().toString(36);
    const legs = [
      { name: 'Mage', url: MAGE!, runOutput: MAGE_RUN_OUTPUT, budgetMs: MAGE_PAGE_BUDGET_MS },
      { name: 'reference server', url: server.url, runOutput: undefined, budgetMs: undefined },
    ];
    const results: { name: string; tour: { signIn: PageVisit; pages: PageVisit[] }; reads: ApiReads; data: TourData }[] = [];
    for (const leg of legs) {
      const data = await makePipeline(leg.url, suffix);
      const reads: ApiReads = {};
      const tour = await crawlMageUi(browser, leg.url, OWNER, { pages: tourWithReads(leg.url, data, leg.runOutput, reads), budgetMs: leg.budgetMs });
      results.push({ name: leg.name, tour, reads, data });
    }

    const [mage, ours] = results as [(typeof results)[0], (typeof results)[0]];
    const names = mage.tour.pages.map((visit) => visit.name);
    console.log(
      [
        '| editor tour step | Mage | reference server |',
        '|---|---|---|',
        ...names.map((name) => `| ${name} | ${cell(mage.tour.pages.find((v) => v.name === name))} | ${cell(ours.tour.pages.find((v) => v.name === name))} |`),
      ].join('\n'),
    );

    for (const { name, tour, reads, data } of results) {
      for (const visit of tour.pages) expect(stepFailures(visit), `${name}: ${visit.name}`).toEqual([]);
      expect(tour.pages.find((v) => v.name === 'editor')!.text, name).toContain('def load_data');
      expect(reads.added?.block, name).toMatchObject({ uuid: EDITOR_TOUR.uuid, type: 'transformer', language: 'python', upstream_blocks: [data.block] });
      expect(reads.added.block.content, name).toContain(EDITOR_TOUR.code);
      expect(reads.upstream?.block?.downstream_blocks, name).toEqual([EDITOR_TOUR.uuid]);
      expect(reads.file?.file_content?.content, name).toContain(EDITOR_TOUR.code);
      expect(reads.renamed?.block, name).toMatchObject({ uuid: EDITOR_TOUR.renamedUuid, name: EDITOR_TOUR.renamed, upstream_blocks: [data.block] });
      expect(reads.renamed.block.content, name).toContain(EDITOR_TOUR.code);
      expect(
        reads.after?.pipeline?.blocks?.map((b: { uuid: string }) => b.uuid),
        name,
      ).toEqual(['load_cities', data.block]);
      expect(reads.gone?.error, name).toBeDefined();
      // Both refuse it, with the message the editor shows; Mage's refusal is its generic error for an exception (500).
      const refused = tour.pages.find((v) => v.name === 'a block with downstream blocks kept')!.calls.filter((call) => call.method === 'DELETE');
      expect(
        refused.map((call) => call.error?.code),
        name,
      ).toEqual([name === 'Mage' ? 500 : 400]);
    }
  }, 600_000);
});
