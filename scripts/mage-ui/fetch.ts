/**
 * `npm run mage-ui:fetch`: puts Mage's built web UI (mage-ai's wheel, frontend_dist/) in the per-user cache, once,
 * and prints the folder to pass to `pipeline-api-server --mage-ui`. No Python needed.
 */
import { ensureMageUi, FetchError, MAGE_WHEEL } from './wheel.js';

try {
  const { dir, downloaded } = await ensureMageUi({ log: (line) => console.log(`mage-ui:fetch: ${line}`) });
  console.log(
    downloaded
      ? `mage-ui:fetch: Mage ${MAGE_WHEEL.version}'s web UI is in ${dir}`
      : `mage-ui:fetch: already there (nothing downloaded): Mage ${MAGE_WHEEL.version}'s web UI is in ${dir}`,
  );
  console.log(`Serve it with: npm start -- --mage-ui ${dir} --fixtures docs/examples/fixtures.json`);
} catch (error) {
  if (!(error instanceof FetchError)) throw error;
  console.error(`mage-ui:fetch: ${error.message}`);
  process.exit(1);
}
