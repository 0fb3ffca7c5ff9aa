/**
 * `npm run mage-ui:crawl [-- <frontend folder>]`: fetches the UI if needed, starts the reference server with it and
 * the example fixtures on 127.0.0.1, signs in with Chromium, visits the pages and prints what each called and what
 * failed (docs/mage-ui.md has the table this produced).
 */
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../conformance/browser.js';
import { parseSettings } from '../../server/cli/options.js';
import { startServer } from '../../server/cli/server.js';
import { crawlMageUi, crawlReport, FIXTURE_TOUR, uiTour } from './crawl.js';
import { ensureMageUi } from './wheel.js';

const stubBootCalls = process.argv.includes('--stub-boot-calls');
const screenshots = process.env.CRAWL_SCREENSHOTS;
const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? (await ensureMageUi({ log: (line) => console.error(`mage-ui: ${line}`) })).dir;
const fixtures = fileURLToPath(new URL('./fixtures.json', import.meta.url));
const settings = parseSettings(['--port', '0', '--quiet', '--fixtures', fixtures, '--mage-ui', dir], { ...process.env, PORT: undefined });
const quiet = () => undefined;
const server = await startServer(settings, { info: quiet, warn: quiet, requests: quiet }, (error) => console.error(error.message));
const browser = await launchChromium();
try {
  // `--tour`: the clicking tour (search, tag filter, triggers created and toggled, a run's logs, sign out) on the fixtures.
  const pages = process.argv.includes('--tour') ? uiTour(FIXTURE_TOUR) : undefined;
  const result = await crawlMageUi(browser, server.url, { email: 'admin@admin.com', password: 'admin' }, { stubBootCalls, screenshots, pages });
  console.log(crawlReport(result));
} finally {
  await browser.close();
  await server.close();
}
