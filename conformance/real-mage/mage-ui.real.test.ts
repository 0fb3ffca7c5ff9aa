import { createClient } from '@pipeline-api/sdk';
import type { Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../browser.js';
import { crawlMageUi, crawlReport, TOUR_TRIGGERS, uiTour, type PageVisit } from '../../scripts/mage-ui/crawl.js';
import { startProxy, type RunningProxy } from '../../server/proxy/proxy.js';
import { LOADER_CODE, TRANSFORMER_CODE } from './blocks.js';
import { nudgeMageQueue } from './mage-queue.js';
import { settleRun } from './mage-timing.js';
import { API_KEY } from './profile.js';

const MAGE = process.env.REAL_MAGE_URL;
const OWNER = { email: 'admin@admin.com', password: 'admin' };

/**
 * The tour of server/test/mage-ui-browser.test.ts, on a real Mage 0.9.80: the test itself proven on the original.
 * Mage serves its own copy of the UI (`mage_ai/server/frontend_dist` of the same wheel that `npm run mage-ui:fetch`
 * caches); the browser talks to it through the contract proxy, which reports the share of the UI's calls inside the
 * contract.
 */
describe.skipIf(!MAGE)("Mage's own web UI on a real Mage 0.9.80, in Chromium: the tour the reference server passes", () => {
  let browser: Browser | undefined;
  let proxy: RunningProxy | undefined;
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
  });

  it('clicks through the same steps: each lands where it should and shows its data', async () => {
    // What the tour works on: a tagged pipeline of real Python blocks with a completed run.
    const client = createClient({ baseUrl: MAGE!, apiKey: API_KEY, maxRetries: 0 });
    await client.sessions.login(OWNER);
    const suffix = Date.now().toString(36);
    const pipeline = await client.pipelines.create({ name: `ui tour ${suffix}` });
    await client.pipelines.update(pipeline.uuid, { tags: ['tour'] });
    await client.pipelines.blocks.create(pipeline.uuid, { name: 'load_cities', type: 'data_loader', content: LOADER_CODE });
    await client.pipelines.blocks.create(pipeline.uuid, {
      name: 'to_fahrenheit',
      type: 'transformer',
      upstream_blocks: ['load_cities'],
      content: TRANSFORMER_CODE,
    });
    const trigger = await client.pipelines.pipelineSchedules.create(pipeline.uuid, { name: 'tour hook', schedule_type: 'api', status: 'active' });
    const created = await client.pipelineSchedules.pipelineRuns.create(trigger.id, {});
    const run = await settleRun(client, created.id, () => nudgeMageQueue(MAGE!));
    expect(run.value.status, run.states.join(' -> ')).toBe('completed');

    proxy = await startProxy({ target: MAGE!, log: () => undefined });
    browser = await launchChromium();
    const tour = uiTour({ pipeline: pipeline.uuid, search: suffix, tag: 'tour', block: 'to_fahrenheit' });
    const result = await crawlMageUi(browser, proxy.url, OWNER, { pages: tour });
    const report = proxy.report();
    const calls = [result.signIn, ...result.pages].reduce((n, visit) => n + visit.calls.length, 0);
    console.log(`${crawlReport(result)}\nproxy: ${report.checked} of the UI's ${calls} API calls inside the contract`);

    const step = (name: string) => result.pages.find((visit) => visit.name === name)!;
    const failed = (visit: PageVisit) => visit.pageErrors.filter((error) => error.startsWith('step failed'));
    expect(result.signIn.landedOn).toMatch(/^\/overview/);
    for (const visit of result.pages) expect(failed(visit), visit.name).toEqual([]);
    expect(step('pipelines list, searched').text).toContain(pipeline.uuid);
    expect(step('pipelines list, filtered by a tag').text).toContain(pipeline.uuid);
    expect(step("a pipeline's triggers").text).toContain('tour hook');
    expect(step('a new API trigger').landedOn).toMatch(/\/triggers\/\d+$/);
    expect(step('a new API trigger').text).toContain(TOUR_TRIGGERS.api);
    expect(step('a new cron trigger').text).toContain(TOUR_TRIGGERS.cronExpression);
    expect(step('a run').text).toContain('to_fahrenheit');
    expect(step("a block run's logs").text).toMatch(/[1-9]\d* logs? found/);
    expect(step('global triggers').text).toContain(TOUR_TRIGGERS.api);
    expect(step('signed out').landedOn).toMatch(/^\/sign-in/);
  }, 600_000);
});
