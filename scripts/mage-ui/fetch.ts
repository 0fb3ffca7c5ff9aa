/**
 * `npm run mage-ui:fetch [-- --force]`: puts Mage's built web UI (mage-ai's wheel, frontend_dist/) in the per-user
 * cache, once (again with --force), and prints the folder to pass to `pipeline-api-server --mage-ui`. No Python needed.
 */
import { fetchCommand } from './fetch-command.js';

process.exitCode = await fetchCommand(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) });
