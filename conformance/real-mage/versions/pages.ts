import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAGE_VERSION } from '@pipeline-api/contract';
import { currentSnapshot } from '../../../scripts/contract-check/snapshot.js';
import { root } from '../../../scripts/packaging/workspaces.js';
import { ANSWERS_DIR } from './recorded-answers.js';
import { versionChangesSection, withVersionChanges } from './version-changes.js';

/** The page `npm run test:real-mage -- --mage-version X.Y.Z` writes for a release other than the contract's own. */
export const releasePage = (version: string) => `docs/compatibility-${version}.md`;

/** The contract as the comparison reads it: only its routes, schemas and MCP tools matter, not its version. */
export const contractNow = () => currentSnapshot('current');

/** The releases whose answers are kept, but the contract's own. */
export function keptReleases(dir = ANSWERS_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d+\.\d+\.\d+\.json$/.test(name))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((version) => version !== DEFAULT_MAGE_VERSION)
    .sort();
}

/** Each kept release's page as it should read, its section recomputed from the kept answers: path -> text. */
export function expectedPages(): Map<string, string> {
  const contract = contractNow();
  const pages = new Map<string, string>();
  for (const version of keptReleases()) {
    const path = releasePage(version);
    const file = join(root, path);
    if (!existsSync(file)) continue; // a release's page is first written by its real run
    pages.set(path, withVersionChanges(readFileSync(file, 'utf8'), versionChangesSection(contract, version)));
  }
  return pages;
}
