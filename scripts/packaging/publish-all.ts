/**
 * npm run release:publish: the last step of a release (docs/releasing.md). Builds and packs every package into
 * packed/ (as `npm run pack-all`), then publishes each tarball with provenance, in build order, stopping at the first
 * failure. `--dry-run` goes through every step but the upload.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { packAll } from './pack.js';
import { publishArgs } from './publish-dry-run.js';
import { root } from './workspaces.js';

const dryRun = process.argv.includes('--dry-run');
for (const tarball of await packAll(join(root, 'packed'))) {
  console.log(`release:publish: ${tarball.name}${dryRun ? ' (dry run)' : ''}`);
  execFileSync('npm', publishArgs(tarball, { dryRun }), { cwd: root, stdio: 'inherit' });
}
