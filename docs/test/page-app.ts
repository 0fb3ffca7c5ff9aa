/**
 * A throwaway app made by a docs page's own shell lines, as a reader runs them: beside `pipeline-api-kit/packed` (the
 * packed tarballs). Made once per tarball set and set of lines, in the shared consumer apps folder.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { execGroup } from '../../scripts/process-group.js';
import { CONSUMER_APPS } from '../../scripts/packaging/consumer-app.js';
import { consumerEnv } from '../../scripts/packaging/consumer-env.js';
import { sharedEntry } from '../../scripts/packaging/shared-entry.js';
import { sharedTarballs } from '../../scripts/packaging/shared-tarballs.js';

/** npm as the tests run it: offline first, quiet, no analytics. */
export const pageNpmEnv = () => ({
  ...consumerEnv(),
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  SCARF_ANALYTICS: 'false',
});

/**
 * The folder the page's lines ran in, and what they printed. `prepare` makes what the page assumes is there (an
 * app folder `npm init` made) before the lines run.
 */
export async function pageApp(
  name: string,
  lines: readonly string[],
  { timeoutMs, prepare = () => {} }: { timeoutMs: number; prepare?: (folder: string) => void },
): Promise<{ folder: string; output: string }> {
  const tarballs = await sharedTarballs();
  const packed = dirname(tarballs[0]!.path);
  const key = createHash('sha256')
    .update(JSON.stringify([name, basename(packed), lines]))
    .digest('hex')
    .slice(0, 16);
  const folder = await sharedEntry(
    CONSUMER_APPS,
    key,
    async (making) => {
      mkdirSync(join(making, 'pipeline-api-kit'));
      symlinkSync(packed, join(making, 'pipeline-api-kit/packed'));
      prepare(making);
      const run = await execGroup('bash', ['-c', ['set -euo pipefail', ...lines].join('\n')], { cwd: making, env: pageNpmEnv(), timeoutMs });
      writeFileSync(join(making, 'install-output.txt'), `${run.stdout}${run.stderr}`);
      if (run.code !== 0) throw new Error(`the page's lines failed (${run.code}):\n${run.stdout}${run.stderr}`);
    },
    timeoutMs + 60_000,
  );
  return { folder, output: readFileSync(join(folder, 'install-output.txt'), 'utf8') };
}
