/**
 * One command each: `npm start -w web-dashboard-example` serves the dashboard with the API running in the page
 * (the mocks, seeded with a demo project); `npm run start:server -w web-dashboard-example` points it at the
 * reference server on http://127.0.0.1:6789 (start that with `npm start` first), or `--api <origin>` elsewhere.
 */
import { serveFiles } from '../../../conformance/browser.js';
import { bundleSite } from './bundle.js';

const at = process.argv.indexOf('--api');
const api = at > 0 ? process.argv[at + 1] : undefined;
const site = await serveFiles(await bundleSite());
console.log(`Dashboard: ${site.url}/${api ? `?api=${encodeURIComponent(api)}` : ''}  (sign in as admin@admin.com / admin; Ctrl-C stops)`);
process.on('SIGINT', () => void site.close().then(() => process.exit(0)));
