/**
 * npm run mage:versions: rewrites, in each kept release's page (docs/compatibility-X.Y.Z.md), the section saying what
 * changed since the contract's own Mage release, from the answers kept in conformance/real-mage/versions/answers/,
 * without a Mage: after a change to the contract or to the comparison. `--check` compares instead, and exits 1 naming
 * each stale page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAGE_VERSION } from '@pipeline-api/contract';
import { root } from '../../../scripts/packaging/workspaces.js';
import { expectedPages } from './pages.js';

const check = process.argv.includes('--check');
let stale = 0;
for (const [path, text] of expectedPages()) {
  const file = join(root, path);
  if (readFileSync(file, 'utf8') === text) {
    console.log(`mage:versions: ${path} says what changed since ${DEFAULT_MAGE_VERSION}`);
    continue;
  }
  if (check) {
    stale += 1;
    console.error(`mage:versions: ${path} is stale`);
  } else {
    writeFileSync(file, text);
    console.log(`mage:versions: wrote ${path}`);
  }
}
if (stale > 0) {
  console.error('Run `npm run mage:versions` and commit the pages.');
  process.exit(1);
}
