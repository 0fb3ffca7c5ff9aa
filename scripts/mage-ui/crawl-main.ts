/**
 * `npm run mage-ui:crawl [-- <frontend folder>]`: fetches the UI if needed, starts the reference server with it and
 * the example fixtures on 127.0.0.1, signs in with Chromium, visits the pages and prints what each called and what
 * failed (docs/mage-ui.md has the table this produced). `--demo`: the same against the static demo (its default
 * scenario) served by `python3 -m http.server`, with no server.
 */
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../conformance/browser.js';
import { parseSettings } from '../../server/cli/options.js';
import { startServer } from '../../server/cli/server.js';
import { crawlMageUi, crawlReport, FIXTURE_TOUR, uiTour, type PageVisit } from './crawl.js';
import { startProxy } from '../../server/proxy/proxy.js';
import type { ProxyReport } from '../../server/proxy/report.js';
import { ensureMageUi } from './wheel.js';
import { buildDemo } from './demo/build.js';
import { serveStatic } from './demo/static-server.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const stubBootCalls = process.argv.includes('--stub-boot-calls');
const screenshots = process.env.CRAWL_SCREENSHOTS;
const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? (await ensureMageUi({ log: (line) => console.error(`mage-ui: ${line}`) })).dir;
if (process.argv.includes('--demo')) {
  const out = mkdtempSync(join(tmpdir(), 'mage-ui-demo-crawl-'));
  const scenario: unknown = JSON.parse(readFileSync(fileURLToPath(new URL('./demo-scenario.json', import.meta.url)), 'utf8'));
  await buildDemo({ uiDir: dir, out, scenario });
  const host = await serveStatic(out);
  const browser = await launchChromium();
  try {
    const pages = process.argv.includes('--tour') ? uiTour(FIXTURE_TOUR) : undefined;
    console.log(crawlReport(await crawlMageUi(browser, host.url, { email: 'admin@admin.com', password: 'admin' }, { screenshots, pages })));
  } finally {
    await browser.close();
    await host.close();
    rmSync(out, { recursive: true, force: true });
  }
  process.exit(0);
}
const fixtures = fileURLToPath(new URL('./fixtures.json', import.meta.url));
const settings = parseSettings(['--port', '0', '--quiet', '--fixtures', fixtures, '--mage-ui', dir], { ...process.env, PORT: undefined });
const quiet = () => undefined;
const server = await startServer(settings, { info: quiet, warn: quiet, requests: quiet }, (error) => console.error(error.message));
// `--through-proxy`: the browser talks to the contract proxy in front of the server, which checks every API call.
const proxy = process.argv.includes('--through-proxy') ? await startProxy({ target: server.url, log: quiet }) : undefined;
const browser = await launchChromium();
try {
  // `--tour`: the clicking tour (search, tag filter, triggers created and toggled, a run's logs, sign out) on the fixtures.
  const pages = process.argv.includes('--tour') ? uiTour(FIXTURE_TOUR) : undefined;
  const result = await crawlMageUi(browser, proxy?.url ?? server.url, { email: 'admin@admin.com', password: 'admin' }, { stubBootCalls, screenshots, pages });
  console.log(crawlReport(result));
  if (proxy) console.log(contractShare(result, proxy.report()));
} finally {
  await browser.close();
  await proxy?.close();
  await server.close();
}

/** The share of the UI's API calls inside the contract (the proxy checks those), and what the proxy found in them. */
function contractShare(result: { signIn: PageVisit; pages: PageVisit[] }, report: ProxyReport): string {
  // Calls the browser answered itself (--stub-boot-calls) never reached the proxy.
  const apiCalls = [result.signIn, ...result.pages].reduce((n, visit) => n + visit.calls.length, 0);
  const v = report.violations;
  return [
    `proxy: ${report.checked} of the UI's ${apiCalls} API calls inside the contract (checked), the rest outside it;`,
    `${v.total} violations: ${v.unexplained} unexplained, known: ${JSON.stringify(v.byKnownDifference)}`,
  ].join(' ');
}
