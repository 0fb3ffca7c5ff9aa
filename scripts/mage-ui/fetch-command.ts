import { ensureMageUi, FetchError, MAGE_WHEEL, type FetchOptions } from './wheel.js';

export const FETCH_USAGE = `Usage: npm run mage-ui:fetch [-- --force]
Puts Mage ${MAGE_WHEEL.version}'s built web UI (the pinned mage-ai wheel's frontend_dist/) in the per-user cache and prints the folder.
  --force   download and extract it again, replacing the folder (once the new one is whole)
  --help    show this help`;

/** `npm run mage-ui:fetch`'s work: its arguments in, its lines out, its exit code back. */
export async function fetchCommand(
  args: readonly string[],
  io: { out: (line: string) => void; err: (line: string) => void },
  options: FetchOptions = {},
): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--force' && arg !== '--help');
  if (unknown.length > 0) {
    io.err(`mage-ui:fetch: unknown argument ${unknown[0]}\n${FETCH_USAGE}`);
    return 2;
  }
  if (args.includes('--help')) {
    io.out(FETCH_USAGE);
    return 0;
  }
  try {
    const force = args.includes('--force');
    const { dir, downloaded } = await ensureMageUi({ ...options, force, log: (line) => io.out(`mage-ui:fetch: ${line}`) });
    io.out(
      downloaded
        ? `mage-ui:fetch: Mage ${MAGE_WHEEL.version}'s web UI is in ${dir}`
        : `mage-ui:fetch: already there (nothing downloaded): Mage ${MAGE_WHEEL.version}'s web UI is in ${dir}`,
    );
    io.out(`Serve it with: npm start -- --mage-ui ${dir} --fixtures docs/examples/fixtures.json`);
    io.out(`Fetch it again, replacing that folder: npm run mage-ui:fetch -- --force`);
    return 0;
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    io.err(`mage-ui:fetch: ${error.message}`);
    return 1;
  }
}
